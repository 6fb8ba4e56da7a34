import { format, mul, dec } from '../../money/decimal';
import { CLUB_PRODUCT_TYPE } from './club.entity';

/**
 * A sale line's amount, exact: price × num for goods; a hall's price is per
 * hour and its num counts half-hours (spec §5: shown as num × 0.5 hours), so
 * price × num × 0.5. The server charges it, the cashier screen shows it.
 */
export function clubLineAmount(price: string, num: number, type: string): string {
  const units = type === CLUB_PRODUCT_TYPE.hall ? mul(String(num), '0.5') : dec(num);
  return format(mul(price, units), 2);
}
