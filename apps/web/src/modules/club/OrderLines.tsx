import type { ConsumeLine } from '@property/domain';
import { useTranslation } from '../../app/i18n';
import { hoursOf, isHall } from './lines';
import { yuan } from '../../app/money-text';

/** The lines of an order: name, price, and pieces or hours (a hall's half-hours × 0.5). */
export function OrderLines({ lines }: { lines: ConsumeLine[] }) {
  const { t } = useTranslation();
  return (
    <ul className="club-lines">
      {lines.map((line, i) => (
        <li key={`${line.clubProductId}-${i}`}>
          {line.clubProductName} × {isHall(line) ? t('club.hours', { hours: hoursOf(line.num) }) : line.num}
          {' = '}
          {yuan(line.amount)}
        </li>
      ))}
    </ul>
  );
}
