/**
 * What the dashboard (统计看板, spec §1, §2.3, §7.7 desk, paymentbill statistics-tables|barChart|radarMap, index
 * statistics|expenseEchartsData|overduePayment) answers. The dashboard has no table of its own: every figure is
 * summed from the gardens', houses', orders' and bills' rows the caller may see. Money is a decimal string with two
 * places, a rate a decimal string with four (0.8125 = 81.25 %), or null when nothing was receivable.
 */
import { Nullable, NullableText, Obj, Type, type Static } from '../../contract/schema';

const Money = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });
const Rate = (description: string) => Nullable(Type.String({ pattern: '^\\d+\\.\\d{4}$', description }));
const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** get-index-sum-resource: how many of each resource the garden (or every garden of the caller) holds. */
export const ResourceTotals = Obj({
  gardenCount: Count('gardens (1 for one garden)'),
  buildingCount: Count('buildings'),
  unitCount: Count('units'),
  houseCount: Count('houses'),
  boundHouseCount: Count('houses with at least one owner bound'),
  parkingCount: Count('parking lots'),
  parkingSpaceCount: Count('parking spaces'),
  ownerCount: Count('owners bound to a house there, or belonging there while unbound'),
  familyCount: Count('family members'),
  lesseeCount: Count('lessees'),
  carCount: Count('cars'),
  elevatorCount: Count('elevators'),
  hydrantCount: Count('fire hydrants'),
});
export type ResourceTotals = Static<typeof ResourceTotals>;

/** get-garden: one garden's card: who and where it is, and its houses by state (house_status). */
export const GardenSummary = Nullable(
  Obj(
    {
      gardenId: Type.String(),
      gardenName: NullableText(),
      gardenCode: NullableText(),
      regionCode: NullableText(),
      regionName: NullableText('the region’s province, city and district names, joined'),
      address: NullableText(),
      tel: NullableText(),
      developer: NullableText(),
      floorArea: NullableText('floor area (floorArea), square metres'),
      builtArea: NullableText('built-up area (builtArea), square metres'),
      buildingCount: Count('buildings'),
      unitCount: Count('units'),
      houseCount: Count('houses'),
      boundHouseCount: Count('houses with at least one owner bound'),
      occupiedCount: Count('houses lived in: house_status 1 (owner-occupied) or 2 (let)'),
      vacantCount: Count('houses vacant: house_status 3'),
      renovatingCount: Count('houses being renovated: house_status 4'),
      unknownCount: Count('houses whose state is not set'),
    },
    'The garden, or null when the caller may not see it',
  ),
);
export type GardenSummary = Static<typeof GardenSummary>;

/** What a set of payment orders adds up to: paid orders (refunded ones too), what they took and gave back. */
const OrderFigures = {
  count: Count('orders paid (later refunds included)'),
  amount: Money('sum of totalAmount: the bills’ owed amounts plus late fees'),
  refundAmount: Money('sum of refundAmount: given back since'),
};

/** get-order-year: the years that have payment orders, newest first. */
export const OrderYears = Type.Array(Type.Integer({ minimum: 1, maximum: 9999 }), {
  description: 'years with at least one paid order, newest first',
});

/** get-order-sum: one year's orders. */
export const OrderYearSum = Obj({ year: Type.Integer(), ...OrderFigures });
export type OrderYearSum = Static<typeof OrderYearSum>;

/** get-order-month-sum: one month's orders; get-order-sum-month: each of a year's twelve. */
export const OrderMonthSum = Obj({ month: Type.String({ description: 'yyyy-MM' }), ...OrderFigures });
export type OrderMonthSum = Static<typeof OrderMonthSum>;
export const OrderMonthSums = Type.Array(OrderMonthSum, { description: 'every month of the year, January first' });

/** get-order-sum-day: each day of a month. */
export const OrderDaySum = Obj({ day: Type.String({ description: 'yyyy-MM-dd' }), ...OrderFigures });
export type OrderDaySum = Static<typeof OrderDaySum>;
export const OrderDaySums = Type.Array(OrderDaySum, { description: 'every day of the month, the 1st first' });

/** get-payment-sum-month: money taken in a month, by the charge item of the bills paid. */
export const PaymentMonthSum = Obj({
  month: Type.String({ description: 'yyyy-MM' }),
  amount: Money('the sum of the items: for the orders’ own scope, what get-order-month-sum answers as amount'),
  items: Type.Array(
    Obj({
      itemId: NullableText(),
      itemName: NullableText(),
      count: Count('bills of the item paid that month'),
      amount: Money('their paidAmount + lateFee'),
    }),
    { description: 'largest amount first' },
  ),
});
export type PaymentMonthSum = Static<typeof PaymentMonthSum>;

/** The period of bills a billing figure covers: bills whose period starts within [sTime, eTime]. */
const Range = {
  sTime: Type.String({ description: 'yyyy-MM-dd: the first day of the range (January 1st of this year by default)' }),
  eTime: Type.String({ description: 'yyyy-MM-dd: the last day (December 31st by default)' }),
};

/** The figures of a group of bills, as 收费统计 (paymentbill/statistics) sums them, with reductions and the rate. */
const BillFigures = {
  count: Count('bills, closed ones left out'),
  receivable: Money('sum of amount − reduceAmount over bills not closed'),
  received: Money('sum of paidAmount + lateFee: what was taken in, late fees included'),
  refunded: Money('sum of refundAmount'),
  reduced: Money('sum of reduceAmount over bills not closed'),
  outstanding: Money('sum of amount − reduceAmount over the unpaid bills'),
  overdue: Money('sum of amount − reduceAmount over the unpaid bills past their due date'),
  collectionRate: Rate('(receivable − outstanding) ÷ receivable: the share of the receivable paid; null when receivable is 0'),
};

/** statistics-tables: the range's bills by charge item, with their total. */
export const BillStatisticsTable = Obj({
  ...Range,
  rows: Type.Array(Obj({ itemId: NullableText(), itemName: NullableText(), ...BillFigures }), {
    description: 'one row per charge item, by name',
  }),
  total: Obj(BillFigures, 'the sum of the rows'),
});
export type BillStatisticsTable = Static<typeof BillStatisticsTable>;

/** barChart: receivable against received, month by month. */
export const BillBarChart = Obj({
  ...Range,
  months: Type.Array(
    Obj({
      period: Type.String({ description: 'yyyy-MM' }),
      receivable: BillFigures.receivable,
      received: BillFigures.received,
      outstanding: BillFigures.outstanding,
    }),
    { description: 'every month of the range (zeros where no bill), oldest first' },
  ),
});
export type BillBarChart = Static<typeof BillBarChart>;

/** radarMap: the collection rate of each charge item. */
export const BillRadarMap = Obj({
  ...Range,
  items: Type.Array(
    Obj({
      itemId: NullableText(),
      itemName: NullableText(),
      receivable: BillFigures.receivable,
      collected: Money('receivable − outstanding: the receivable paid'),
      collectionRate: BillFigures.collectionRate,
    }),
    { description: 'one per charge item with bills in the range, by name' },
  ),
});
export type BillRadarMap = Static<typeof BillRadarMap>;

/** index/statistics: the headline figures and the collection rate both ways. */
export const BillHeadline = Obj({
  ...Range,
  billedHouseCount: Count('houses with a bill (not closed) in the range'),
  paidHouseCount: Count('of them, houses with no unpaid bill left in the range'),
  houseRate: Rate('paidHouseCount ÷ billedHouseCount; null when no house was billed'),
  receivable: BillFigures.receivable,
  collected: Money('receivable − outstanding: the receivable paid'),
  received: BillFigures.received,
  refunded: BillFigures.refunded,
  outstanding: BillFigures.outstanding,
  overdue: BillFigures.overdue,
  moneyRate: Rate('collected ÷ receivable; null when receivable is 0'),
});
export type BillHeadline = Static<typeof BillHeadline>;

/** index/expenseEchartsData: money taken in on the range's bills, by charge item. */
export const ExpenseShares = Obj({
  ...Range,
  total: Money('sum of the items'),
  items: Type.Array(
    Obj({ itemId: NullableText(), itemName: NullableText(), amount: Money('paidAmount + lateFee of the item’s bills') }),
    { description: 'items that took money in, largest first' },
  ),
});
export type ExpenseShares = Static<typeof ExpenseShares>;

/** Overdue ages in days, each band inclusive; the last has no upper end. */
export const OVERDUE_BANDS = [
  { key: 'd30', minDays: 1, maxDays: 30 },
  { key: 'd90', minDays: 31, maxDays: 90 },
  { key: 'd365', minDays: 91, maxDays: 365 },
  { key: 'older', minDays: 366, maxDays: null },
] as const;
export type OverdueBandKey = (typeof OVERDUE_BANDS)[number]['key'];

/** How many houses owing most overduePayment lists. */
export const TOP_DEBTORS = 10;

/** index/overduePayment: the range's overdue money by age, and the houses (or parking spaces) owing most. */
export const OverduePayment = Obj({
  ...Range,
  count: Count('overdue bills: unpaid, past their due date today'),
  amount: Money('their amount − reduceAmount (late fees not included)'),
  aging: Type.Array(
    Obj({
      key: Type.Union(OVERDUE_BANDS.map((b) => Type.Literal(b.key))),
      minDays: Type.Integer({ minimum: 1 }),
      maxDays: Nullable(Type.Integer({ minimum: 1 })),
      count: Count('bills'),
      amount: Money('their owed amount'),
    }),
    { description: 'days past the due date: 1–30, 31–90, 91–365, over 365' },
  ),
  debtors: Type.Array(
    Obj({
      houseId: NullableText(),
      parkingSpaceId: NullableText(),
      houseName: NullableText('the house (or the space’s number) as the bills name it'),
      ownerName: NullableText(),
      ownerPhone: NullableText(),
      count: Count('overdue bills'),
      amount: Money('their owed amount'),
      maxDays: Count('days the oldest of them is overdue'),
    }),
    { description: `the ${TOP_DEBTORS} houses or spaces owing most, largest first` },
  ),
});
export type OverduePayment = Static<typeof OverduePayment>;
