/**
 * What the billing calls answer beyond the generic shapes (spec §7.7
 * paymentbill and friends). Money is always a decimal string ("123.45").
 */
import { Page, PAGE_FIELDS } from '../../contract/answers';
import { recordOf } from '../../contract/records';
import { Extend, NullableText, Obj, shared, Type, type Static } from '../../contract/schema';
import { paymentBillChildEntity, paymentBillEntity, reducePayEntity } from './bill.entity';
import { paymentOrderEntity, refundPayEntity, smsUseEntity } from './order.entity';
import { prepaidAccountEntity, prepaidLedgerEntity } from './prepaid.entity';

const Money = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });

/**
 * A bill as the lists answer it: the row, what is still owed, and — worked out
 * when asked, never stored — whether it is overdue and the late fee it would
 * carry if paid today.
 */
export const BillRow = shared(
  'BillRow',
  Extend(recordOf(paymentBillEntity), {
    owed: Money('amount − reduceAmount: what paying settles (before the late fee)'),
    overdue: Type.Boolean({ description: 'unpaid and past its due date (today in the server’s zone)' }),
    overdueDays: Type.Integer({ minimum: 0, description: 'days past the due date while unpaid, else 0' }),
    lateFeeDue: Money('late fee if paid today under the item’s rule (0.00 unless unpaid and overdue)'),
  }),
);
export type BillRow = Static<typeof BillRow>;

/** A page of bills. */
export const BillPage = Page(BillRow);

/** Totals of the bills a filter selects (list-sum): each the exact sum of that column over the rows. */
export const BillSums = Obj({
  count: Type.Integer({ minimum: 0 }),
  amount: Money('sum of amount'),
  reduceAmount: Money('sum of reduceAmount'),
  owed: Money('sum of amount − reduceAmount'),
  paidAmount: Money('sum of paidAmount'),
  lateFee: Money('sum of late fees paid'),
  refundAmount: Money('sum of refundAmount'),
  unpaidOwed: Money('sum of amount − reduceAmount over the unpaid rows'),
});
export type BillSums = Static<typeof BillSums>;

/** A bill with its child lines and reductions (detail of the cashier and the receipt). */
export const BillWithLines = Extend(BillRow, {
  children: Type.Array(recordOf(paymentBillChildEntity)),
});

/** A house's bills at the cashier (get-all-bill-by-houseId). */
export const HouseBills = Obj({
  houseId: Type.String(),
  houseName: NullableText(),
  ownerName: NullableText(),
  ownerPhone: NullableText(),
  bills: Type.Array(BillWithLines),
  unpaidCount: Type.Integer({ minimum: 0 }),
  owed: Money('unpaid bills: sum owed'),
  lateFeeDue: Money('unpaid bills: late fees if paid today'),
  totalDue: Money('owed + lateFeeDue'),
});

/** A house with unpaid bills (list-bill-house): the cashier's and the reminders' pick list. */
export const BillHouse = Obj({
  houseId: Type.String(),
  gardenId: Type.String(),
  houseName: NullableText(),
  ownerName: NullableText(),
  ownerPhone: NullableText(),
  unpaidCount: Type.Integer({ minimum: 0 }),
  overdueCount: Type.Integer({ minimum: 0 }),
  owed: Money('sum owed over the unpaid bills'),
});
export const BillHousePage = Obj({ records: Type.Array(BillHouse), ...PAGE_FIELDS });

/** What paying answers: the order (with its receipt number) and the bills it settled; replay when the key was seen before. */
export const PayResult = Obj({
  order: recordOf(paymentOrderEntity),
  bills: Type.Array(BillRow),
  replay: Type.Boolean({ description: 'true when this clientKey had paid already: nothing was paid again' }),
});

/** What a refund answers. */
export const RefundResult = Obj({
  refund: recordOf(refundPayEntity),
  bill: BillRow,
  replay: Type.Boolean({ description: 'true when this clientKey had refunded already' }),
});

/** A receipt to print (get-print-bill-list, paymentorderprint/detail): the order, its bills and lines, the amount in capitals. */
export const Receipt = Obj({
  order: recordOf(paymentOrderEntity),
  gardenName: NullableText(),
  bills: Type.Array(BillWithLines),
  capitalAmount: Type.String({ description: 'totalAmount in Chinese capital numerals, as receipts print it' }),
  printCount: Type.Integer({ minimum: 0, description: 'prints recorded so far; the next one is a copy when > 0' }),
});

/** A reduction's answer: the reduction and the bill after it. */
export const ReduceResult = Obj({ reduction: recordOf(reducePayEntity), bill: BillRow });

const GenerationProblems = Type.Array(Obj({ houseName: NullableText(), itemName: NullableText(), message: Type.String() }), {
  description: 'houses the run cannot bill (no area, no reading...), at most 100',
});

/** Preview of a generation run: how many bills and their total, what would be skipped and why. */
export const GenerationPreview = Obj({
  period: Type.String(),
  count: Type.Integer({ minimum: 0, description: 'bills the run would add' }),
  total: Money('their total amount'),
  existing: Type.Integer({ minimum: 0, description: 'bound houses that already have this period’s bill' }),
  problems: GenerationProblems,
  problemCount: Type.Integer({ minimum: 0, description: 'how many houses cannot be billed (problems lists the first 100)' }),
});

/** What a reminder answers: one SMS use row per phone. */
export const ReminderResult = Obj({
  provider: Type.String({ description: 'the gateway: `record` only records (no SMS leaves the system)' }),
  records: Type.Array(recordOf(smsUseEntity)),
});

/** One group's figures in the charge statistics (收费统计): every amount the exact sum over the group's bills. */
const StatisticsFigures = {
  count: Type.Integer({ minimum: 0, description: 'bills, closed ones left out' }),
  receivable: Money('sum of amount − reduceAmount over bills not closed'),
  received: Money('sum of paidAmount + lateFee: what was taken in'),
  refunded: Money('sum of refundAmount'),
  outstanding: Money('sum of amount − reduceAmount over the unpaid bills'),
  overdue: Money('sum of amount − reduceAmount over the unpaid bills past their due date'),
};

/** 收费统计: a garden's (or the caller's gardens') bills of a period range, by charge item and by month, with the total. */
export const BillStatistics = Obj({
  byItem: Type.Array(Obj({ itemId: Type.String(), itemName: NullableText(), ...StatisticsFigures })),
  byMonth: Type.Array(Obj({ period: Type.String(), ...StatisticsFigures })),
  total: Obj(StatisticsFigures),
});
export type BillStatistics = Static<typeof BillStatistics>;

/** What a pre-paid top-up answers: the account after it and its ledger row (the top-up's receipt number). */
export const TopUpResult = Obj({
  account: recordOf(prepaidAccountEntity),
  ledger: recordOf(prepaidLedgerEntity),
  replay: Type.Boolean({ description: 'true when this clientKey had topped up already: nothing was added again' }),
  deducted: Type.Integer({
    minimum: 0,
    description:
      'waiting bills of auto-deduct items (autoDeduct) paid from the new balance right after the top-up, oldest first; account is the balance after them',
  }),
});
