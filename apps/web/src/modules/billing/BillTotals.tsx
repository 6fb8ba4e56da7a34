import type { BillSums } from '@property/domain';
import { useTranslation } from '../../app/i18n';
import type { BillTabKey } from './bill-tabs';
import { yuan } from '../../app/money-text';

/** The sums each list shows above its rows (list-sum of the same filter). */
const SHOWN: Record<BillTabKey, Array<Exclude<keyof BillSums, 'count'>>> = {
  out: ['amount', 'reduceAmount', 'owed'],
  overdu: ['amount', 'reduceAmount', 'owed'],
  settle: ['owed', 'paidAmount', 'lateFee', 'refundAmount'],
  refund: ['paidAmount', 'lateFee', 'refundAmount'],
  closed: ['amount', 'reduceAmount'],
};

/** The filter's totals: how many bills and their sums, each the exact sum of the rows the filter selects. */
export function BillTotals({ listType, sums }: { listType: BillTabKey; sums?: BillSums }) {
  const { t } = useTranslation();
  return (
    <section className="bill-totals" aria-label={t('billing.totals')} aria-live="polite">
      <div className="bill-total">
        <span className="bill-total-label">{t('billing.sums.count')}</span>
        <span className="bill-total-value" data-sum="count">
          {sums ? sums.count : '—'}
        </span>
      </div>
      {SHOWN[listType].map((key) => (
        <div className="bill-total" key={key}>
          <span className="bill-total-label">{t(`billing.sums.${key}`)}</span>
          <span className="bill-total-value" data-sum={key}>
            {sums ? yuan(sums[key]) : '—'}
          </span>
        </div>
      ))}
    </section>
  );
}
