import { date, decimal, entity, int, long, money, text } from '../../define';
import { gardenRef, houseRef } from '../references';

/** billing_cycle dictionary key → months a bill covers (5 一次性: one bill, one month's price). */
export const CYCLE_MONTHS: Readonly<Record<number, number>> = { 1: 1, 2: 3, 3: 6, 4: 12, 5: 1 };
export const ONE_OFF_CYCLE = 5;

/**
 * A charge formula (计费公式, spec §7.7 payformula): how an item's amount is
 * computed (formulaType, dictionary formula_type, see packages/domain money
 * FORMULA_KIND): 1 建筑面积×单价×月数+附加, 2 固定金额, 3 套内面积×单价×月数+附加,
 * 4 (本期读数−上期读数)×单价+附加, 5 租金 (每 escalationMonths 个月上涨
 * escalationPercent%, 复利), 6 自定义公式 (`expression` over the variables of
 * money/expression.ts, parsed, never eval'd), 7 临时金额 (entered per bill).
 */
export const payFormulaEntity = entity({
  name: 'payFormula',
  table: 'property_pay_formula',
  base: '/system-property/payformula',
  owner: 'tenant',
  permission: 'payformula',
  fields: {
    formulaName: text({ required: 'formulaNameRequired', maxLength: 50, search: 'like' }),
    formulaType: int({ required: 'formulaTypeRequired', dict: 'formula_type' }),
    /** Kind 6 only: e.g. "builtArea * price * months + additional". */
    expression: text({ maxLength: 500 }),
    /** Kind 5: months between two rent rises (0 or blank: never). */
    escalationMonths: int({ validator: 'integer', invalid: 'integerInvalid' }),
    /** Kind 5: percent each rise adds, compounding. */
    escalationPercent: decimal({ invalid: 'percentInvalid' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['formulaName'], message: 'formulaNameTaken' }],
  sort: { ascs: ['formulaName'] },
});

/**
 * A charge item (收费项目, spec §7.7 paymentitems) of a garden: what is charged
 * (feeType), how (formulaId and the prices), how often (billingCycle), when it
 * is due (dueDay of the period's first month), how amounts are rounded
 * (decimalPlaces 0–2, roundMode 1 四舍五入 / 2 进一 / 3 舍去), its late fee
 * (lateFeePercent of the owed amount a day after lateFeeGraceDays days past
 * the due date, at most lateFeeCap) and the vacant-house discount
 * (vacantPercent off while the house's status is 空置). Bills are made for the
 * houses and parking spaces bound to it (paymentitemhouse) between startDate
 * and endDate. With autoDeduct (yes_no, 自动从预存款扣缴) each bill is paid
 * from its owner's pre-paid account in its garden when that holds enough: as
 * it is generated, and as the account is topped up (billing/auto-deduct.ts).
 */
export const paymentItemEntity = entity({
  name: 'paymentItem',
  table: 'property_payment_item',
  base: '/system-property/paymentitems',
  owner: 'tenant',
  permission: 'paymentitems',
  routes: ['list', 'detail', 'remove', 'submit'],
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired' }),
    itemName: text({ required: 'itemNameRequired', maxLength: 50, search: 'like' }),
    feeType: int({ required: 'feeTypeRequired', dict: 'fee_type' }),
    formulaId: long({
      required: 'formulaRequired',
      options: { from: '/system-property/payformula/list', label: 'formulaName' },
    }),
    /** Per ㎡ a month (area kinds), per unit of usage (meter), per bill (fixed) or the monthly rent (rent). */
    unitPrice: money({ required: 'unitPriceRequired' }),
    additionalAmount: money(),
    billingCycle: int({ dict: 'billing_cycle', default: 1 }),
    dueDay: int({ default: 15, validator: 'integer', invalid: 'dueDayInvalid' }),
    decimalPlaces: int({ default: 2, validator: 'integer', invalid: 'decimalPlacesInvalid' }),
    roundMode: int({ dict: 'round_mode', default: 1 }),
    lateFeePercent: decimal({ invalid: 'percentInvalid' }),
    lateFeeGraceDays: int({ default: 0, validator: 'integer', invalid: 'integerInvalid' }),
    lateFeeCap: money(),
    vacantPercent: decimal({ invalid: 'percentInvalid' }),
    autoDeduct: int({ dict: 'yes_no', default: 0, search: 'equal' }),
    startDate: date(),
    endDate: date(),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenId', 'itemName'], message: 'itemNameTaken' }],
  indexes: [['gardenId', 'feeType']],
  sort: { ascs: ['gardenId', 'itemName'] },
});

/**
 * A charge item bound to a house or a parking space (收费绑定): generation
 * makes its bills for each bound house or space. `rent` is the binding's own
 * monthly rent (rent items); startDate is when rent rises are counted from.
 * Bound one by one (submit) or for a whole garden, building or unit at once
 * (paymentitems/bind).
 */
export const itemBindingEntity = entity({
  name: 'itemBinding',
  table: 'property_payment_item_house',
  base: '/system-property/paymentitemhouse',
  owner: 'tenant',
  permission: 'paymentitems',
  fields: {
    gardenId: gardenRef({ readOnly: true }),
    buildingId: long({ readOnly: true }),
    itemId: long({ required: 'itemRequired', options: { from: '/system-property/paymentitems/list-all', label: 'itemName' } }),
    houseId: houseRef(),
    parkingSpaceId: long({ options: { from: '/system-property/parkingspace/list', label: 'spaceNo' } }),
    rent: money(),
    startDate: date(),
    endDate: date(),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['itemId', 'houseId', 'parkingSpaceId'], message: 'bindingTaken' }],
  indexes: [['itemId'], ['houseId'], ['gardenId', 'buildingId']],
  sort: { descs: ['createTime'] },
});

/**
 * A meter reading (抄表) of a house for a meter item and a period
 * (yyyy-MM): usage is currentReading − lastReading (the previous period's
 * reading when not given).
 */
export const meterReadingEntity = entity({
  name: 'meterReading',
  table: 'property_meter_reading',
  base: '/system-property/meterreading',
  owner: 'tenant',
  permission: 'paymentitems',
  fields: {
    gardenId: gardenRef({ readOnly: true }),
    houseId: houseRef({ required: 'houseRequired' }),
    itemId: long({ required: 'itemRequired', options: { from: '/system-property/paymentitems/list-all', label: 'itemName' } }),
    period: text({ required: 'periodRequired', maxLength: 7, search: 'equal' }),
    lastReading: decimal(),
    currentReading: decimal({ required: 'readingRequired' }),
    readDate: date(),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['houseId', 'itemId', 'period'], message: 'readingTaken' }],
  indexes: [['itemId', 'period']],
  sort: { descs: ['period'] },
});
