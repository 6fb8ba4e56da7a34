import { date, datetime, entity, int, long, money, text } from '../../define';
import { gardenRef, houseRef } from '../references';

/**
 * Bill states (dictionary bill_status, spec §4: the closed list is billStatus
 * 3): 1 未缴费 → 2 已缴费 (pay) → 4 已退款 (refunded in full; a partial refund
 * keeps 2 with refundAmount); 1 → 3 已关闭 (close, cancelled without payment).
 * Overdue is not a state: an unpaid bill past its due date.
 */
export const BILL_STATUS = { unpaid: 1, paid: 2, closed: 3, refunded: 4 } as const;

/** What happened to a bill (dictionary bill_action), one bill-log row each. */
export const BILL_ACTION = {
  create: 1,
  update: 2,
  pay: 3,
  reduce: 4,
  close: 5,
  refund: 6,
  remind: 7,
  remove: 8,
} as const;

/** Payment methods (dictionary pay_type). */
export const PAY_TYPE = { cash: 1, card: 2, transfer: 3, online: 4, balance: 5 } as const;

/**
 * A bill (缴费账单, spec §7.7 paymentbill): what one house (or parking space)
 * owes for one charge item and one period (yyyy-MM, the first month it
 * covers). amount = the sum of its child lines (paymentbillchild); owed =
 * amount − reduceAmount; paidAmount is what its payment settled (owed) and
 * lateFee the late fee paid with it; refundAmount what was given back.
 * House, owner and item names are copied when the bill is made, so lists
 * search them without joins. billKey (house or space × item × period) keeps
 * one bill per period: generation run twice adds nothing.
 */
export const paymentBillEntity = entity({
  name: 'paymentBill',
  table: 'property_payment_bill',
  base: '/system-property/paymentbill',
  owner: 'tenant',
  permission: 'paymentbill',
  routes: ['list', 'detail', 'remove'],
  fields: {
    gardenId: gardenRef({ readOnly: true }),
    buildingId: long({ readOnly: true }),
    unitId: long({ readOnly: true }),
    houseId: houseRef(),
    parkingSpaceId: long(),
    houseName: text({ readOnly: true, search: 'like' }),
    ownerId: long({ readOnly: true }),
    ownerName: text({ readOnly: true, search: 'like' }),
    ownerPhone: text({ readOnly: true, search: 'like' }),
    itemId: long({ required: 'itemRequired', options: { from: '/system-property/paymentitems/list-all', label: 'itemName' } }),
    itemName: text({ readOnly: true, search: 'like' }),
    feeType: int({ readOnly: true, dict: 'fee_type' }),
    period: text({ required: 'periodRequired', maxLength: 7, search: 'equal' }),
    startDate: date({ readOnly: true }),
    endDate: date({ readOnly: true }),
    dueDate: date(),
    amount: money(),
    reduceAmount: money({ readOnly: true, default: '0' }),
    paidAmount: money({ readOnly: true, default: '0' }),
    lateFee: money({ readOnly: true, default: '0' }),
    refundAmount: money({ readOnly: true, default: '0' }),
    billStatus: int({ readOnly: true, dict: 'bill_status', default: BILL_STATUS.unpaid, search: 'equal' }),
    payType: int({ readOnly: true, dict: 'pay_type' }),
    payTime: datetime({ readOnly: true }),
    orderId: long({ readOnly: true }),
    closeTime: datetime({ readOnly: true }),
    closeReason: text({ readOnly: true }),
    billKey: text({ readOnly: true, maxLength: 80 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['billKey'], message: 'billKeyTaken' }],
  // billStatus, houseName, houseId: houses owing (list-bill-house) read in their order, so a page stops after its houses.
  // ownerId, billStatus: the unpaid bills made out to an owner, houses' and spaces' alike (automatic deduction, by account).
  indexes: [
    ['gardenId', 'billStatus', 'dueDate'],
    ['houseId', 'billStatus'],
    ['ownerId', 'billStatus'],
    ['itemId', 'period'],
    ['orderId'],
    ['billStatus', 'houseName', 'houseId'],
  ],
  sort: { descs: ['period'] },
});

/**
 * A child line of a bill (paymentbillchild): lineType (dictionary
 * bill_line_type) 1 基础 (quantity × unitPrice), 2 附加, 3 空置优惠 (negative),
 * 4 调整. The lines of a bill always sum to its amount; they change only
 * while the bill is unpaid, and the bill's amount follows.
 */
export const paymentBillChildEntity = entity({
  name: 'paymentBillChild',
  table: 'property_payment_bill_child',
  base: '/system-property/paymentbillchild',
  owner: 'tenant',
  permission: 'paymentbill',
  fields: {
    billId: long({ required: 'billRequired' }),
    gardenId: gardenRef({ readOnly: true }),
    lineType: int({ dict: 'bill_line_type', default: 4 }),
    itemName: text({ maxLength: 50 }),
    quantity: money({ measure: true, validator: undefined }),
    unitPrice: money({ validator: undefined }),
    amount: money({ required: 'amountRequired', validator: undefined }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['billId']],
  sort: { ascs: ['billId', 'lineType'] },
});

/** Every change of a bill's state or amount, with who (createUser, operatorName) and why (billLog, spec §7.7). */
export const billLogEntity = entity({
  name: 'billLog',
  table: 'property_bill_log',
  base: '/system-property/billLog',
  owner: 'tenant',
  permission: 'billlog',
  routes: ['list', 'detail', 'remove'],
  fields: {
    billId: long({ search: 'equal' }),
    gardenId: gardenRef({ readOnly: true }),
    houseName: text({ search: 'like' }),
    action: int({ dict: 'bill_action', search: 'equal' }),
    fromStatus: int({ dict: 'bill_status' }),
    toStatus: int({ dict: 'bill_status' }),
    amount: money(),
    remark: text({ maxLength: 500 }),
    operatorName: text({ search: 'like' }),
  },
  indexes: [['billId']],
  sort: { descs: ['createTime'] },
});

/**
 * A reduction (减免, spec §7.7 reducepay) granted on an unpaid bill: how much
 * and why, by whom (createUser). The bill's reduceAmount is the sum of its
 * reductions; it never exceeds the bill's amount.
 */
export const reducePayEntity = entity({
  name: 'reducePay',
  table: 'property_reduce_pay',
  base: '/system-property/reducepay',
  owner: 'tenant',
  permission: 'reducepay',
  routes: ['list', 'detail'],
  fields: {
    billId: long({ required: 'billRequired', search: 'equal' }),
    gardenId: gardenRef({ readOnly: true }),
    houseName: text({ readOnly: true, search: 'like' }),
    itemName: text({ readOnly: true }),
    period: text({ readOnly: true }),
    reduceAmount: money({ required: 'reduceAmountInvalid' }),
    reason: text({ required: 'reduceReasonRequired', maxLength: 500 }),
  },
  indexes: [['billId']],
  sort: { descs: ['createTime'] },
});
