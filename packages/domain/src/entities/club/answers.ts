/** What the club calls answer and take beyond the generic shapes (spec §7.3). Money is a decimal string. */
import { recordOf } from '../../contract/records';
import { Extend, Obj, Type } from '../../contract/schema';
import { clubBalanceEntity, clubConsumeEntity, clubRechargeEntity } from './club.entity';

/** The tag of a recharge's days left (spec §4): none 无有效期 (info), ≤ 0 已过期, ≤ 7 danger, ≤ 30 warning, else success. */
export type ValidityTag = 'none' | 'expired' | 'danger' | 'warning' | 'success';
export const VALIDITY_TAGS: ReadonlyArray<ValidityTag> = ['none', 'expired', 'danger', 'warning', 'success'];

/** Recharge expiry thresholds (spec §9): 7 and 30 days. */
export const VALIDITY_DANGER_DAYS = 7;
export const VALIDITY_WARNING_DAYS = 30;

export function validityTagOf(daysLeft: number | null | undefined): ValidityTag {
  if (daysLeft === null || daysLeft === undefined) return 'none';
  if (daysLeft <= 0) return 'expired';
  if (daysLeft <= VALIDITY_DANGER_DAYS) return 'danger';
  if (daysLeft <= VALIDITY_WARNING_DAYS) return 'warning';
  return 'success';
}

/** A recharge as lists show it: with the days left until its validity date and their tag, worked out on reading. */
export const ClubRechargeRow = Extend(recordOf(clubRechargeEntity), {
  validityEnd: Type.Union([Type.Integer(), Type.Null()], {
    description: 'days from today (server’s zone) to the validity date; 0 or less: expired; null: no date',
  }),
  validityTag: Type.Union(
    VALIDITY_TAGS.map((t) => Type.Literal(t)),
    { description: 'none (no date), expired (≤ 0 days), danger (≤ 7), warning (≤ 30), success' },
  ),
});

/** A category as pickers list it (clubCategory/dict). */
export const ClubCategoryOption = Obj({
  id: Type.String(),
  clubCategory: Type.String(),
  sort: Type.Integer(),
});

/** A wallet at the cashier: the row (balance after writing off expired money) and the owner's first house. */
export const ClubWalletRow = Extend(recordOf(clubBalanceEntity), {
  houseId: Type.Union([Type.String(), Type.Null()]),
  houseName: Type.Union([Type.String(), Type.Null()]),
});

/** One product sold: the product and how many (pieces, or half-hours for a hall). */
export const ConsumeItemInput = Obj({
  clubProductId: Type.Union([Type.String({ pattern: '^\\d{1,19}$' }), Type.Integer({ minimum: 1 })]),
  num: Type.Union([Type.Integer(), Type.String()], { description: 'pieces, or half-hours for a hall: a whole number from 1' }),
});

/** The cashier's sale (clubConsume/submit): which wallet pays for which products. */
export const ClubConsumeInput = Type.Unsafe<{
  balanceId: string;
  consumeProducts: Array<{ clubProductId: string; num: number }>;
}>({
  type: 'object',
  title: 'Club consumption input',
  description: 'The wallet (`balanceId`) and the products sold; prices are the products’ own, read by the server.',
  properties: {
    balanceId: { type: ['string', 'integer'], description: 'the wallet paying' },
    consumeProducts: { type: 'array', items: ConsumeItemInput, maxItems: 100 },
  },
});

/** A sale's answer: the order and the wallet after it. */
export const ClubConsumeResult = Obj({
  order: recordOf(clubConsumeEntity),
  balance: recordOf(clubBalanceEntity),
});
