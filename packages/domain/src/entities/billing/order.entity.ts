import { datetime, entity, int, long, money, text } from '../../define';
import { gardenRef, houseRef } from '../references';

/** Order states (dictionary order_status). */
export const ORDER_STATUS = { pending: 0, paid: 1, refunded: 2, cancelled: 3 } as const;

/**
 * A payment order (缴费订单, spec §7.7 paymentorder): one payment at the
 * cashier settling one or several bills of one house (billIds). totalAmount =
 * billAmount (the bills' owed amounts) + lateFee. clientKey is the cashier's
 * key of the payment: the same key again answers this order instead of paying
 * twice. receiptNo is sequential per garden and year (<garden code or id>-<year>-<000001>).
 * Made only by paymentbill/pay; submit changes the remark and payer only.
 */
export const paymentOrderEntity = entity({
  name: 'paymentOrder',
  table: 'property_payment_order',
  base: '/system-property/paymentorder',
  owner: 'tenant',
  permission: 'paymentorder',
  fields: {
    orderNo: text({ readOnly: true, search: 'like' }),
    gardenId: gardenRef({ readOnly: true }),
    houseId: houseRef({ readOnly: true }),
    houseName: text({ readOnly: true, search: 'like' }),
    ownerName: text({ readOnly: true, search: 'like' }),
    ownerPhone: text({ readOnly: true, search: 'like' }),
    payType: int({ readOnly: true, dict: 'pay_type' }),
    billIds: text({ readOnly: true }),
    billCount: int({ readOnly: true }),
    billAmount: money({ readOnly: true }),
    lateFee: money({ readOnly: true }),
    totalAmount: money({ readOnly: true }),
    refundAmount: money({ readOnly: true, default: '0' }),
    orderStatus: int({ readOnly: true, dict: 'order_status', search: 'equal' }),
    payTime: datetime({ readOnly: true }),
    receiptNo: text({ readOnly: true, search: 'like' }),
    receiptYear: int({ readOnly: true }),
    receiptSeq: int({ readOnly: true }),
    clientKey: text({ readOnly: true, maxLength: 64 }),
    payerName: text({ maxLength: 50 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['clientKey'], message: 'payKeyReused' }],
  indexes: [['gardenId', 'receiptYear', 'receiptSeq'], ['houseId']],
  sort: { descs: ['payTime'] },
});

/**
 * A print of an order's receipt (打印记录, spec §7.7 paymentorderprint): every
 * print is recorded; the first is the original (copy 0), later ones are
 * copies (copy 1, printed as 副本). printNo counts the order's prints.
 */
export const paymentOrderPrintEntity = entity({
  name: 'paymentOrderPrint',
  table: 'property_payment_order_print',
  base: '/system-property/paymentorderprint',
  owner: 'tenant',
  permission: 'orderprint',
  fields: {
    orderId: long({ required: 'orderRequired', search: 'equal' }),
    gardenId: gardenRef({ readOnly: true }),
    orderNo: text({ readOnly: true, search: 'like' }),
    receiptNo: text({ readOnly: true, search: 'like' }),
    houseName: text({ readOnly: true, search: 'like' }),
    totalAmount: money({ readOnly: true }),
    /** A5 or A4. */
    paperSize: text({ maxLength: 4, choices: ['A5', 'A4'], default: 'A5' }),
    copy: int({ readOnly: true, dict: 'yes_no' }),
    printNo: int({ readOnly: true }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['orderId']],
  sort: { descs: ['createTime'] },
});

/**
 * A refund (退款, spec §7.7 refundpay, paymentbill/refund, app/pay/payRefund)
 * of a paid bill, full or partial, with its reason. The refunds of a bill
 * never exceed what was paid for it (owed + late fee); clientKey makes a
 * repeated request refund once.
 */
export const refundPayEntity = entity({
  name: 'refundPay',
  table: 'property_refund_pay',
  base: '/system-property/refundpay',
  owner: 'tenant',
  permission: 'billrefund',
  fields: {
    billId: long({ required: 'billRequired', search: 'equal' }),
    orderId: long({ readOnly: true }),
    gardenId: gardenRef({ readOnly: true }),
    houseName: text({ readOnly: true, search: 'like' }),
    itemName: text({ readOnly: true }),
    refundAmount: money({ required: 'refundAmountInvalid' }),
    payType: int({ dict: 'pay_type' }),
    reason: text({ required: 'refundReasonRequired', maxLength: 500 }),
    refundTime: datetime({ readOnly: true }),
    clientKey: text({ readOnly: true, maxLength: 64 }),
  },
  unique: [{ fields: ['clientKey'], message: 'payKeyReused' }],
  indexes: [['billId']],
  sort: { descs: ['createTime'] },
});

/**
 * A reminder sent (or queued) to an owner about overdue bills (短信记录, spec
 * §7.7 smsuse, sms/sendPhoneMessage). provider names the gateway that took
 * it: `record` (the default) only records the message here and in the log —
 * no SMS leaves the system until a real gateway is configured — so sendStatus
 * is 1 已记录(未发送); a gateway sets 2 已发送 or 3 发送失败.
 */
export const smsUseEntity = entity({
  name: 'smsUse',
  table: 'property_sms_use',
  base: '/system-property/smsuse',
  owner: 'tenant',
  permission: 'smsuse',
  fields: {
    gardenId: gardenRef({ readOnly: true, search: 'equal' }),
    ownerName: text({ readOnly: true, search: 'like' }),
    phone: text({ readOnly: true, search: 'like' }),
    billIds: text({ readOnly: true }),
    billCount: int({ readOnly: true }),
    amount: money({ readOnly: true }),
    content: text({ readOnly: true }),
    provider: text({ readOnly: true }),
    sendStatus: int({ readOnly: true, dict: 'sms_status', search: 'equal' }),
    remark: text({ maxLength: 500 }),
    /** The reminder batch (job run) that sent it; empty for a reminder sent from a screen. One message per phone a run, so a rerun resends none. */
    jobRunId: long({ readOnly: true, search: 'equal' }),
    /** The SMS configuration (短信配置) the message went out under: the enabled one for reminders, the one named for send-message. */
    smsConfigId: long({ readOnly: true }),
    /** That configuration's code and template, as they were when the message was recorded. */
    smsCode: text({ readOnly: true }),
    templateId: text({ readOnly: true }),
  },
  unique: [{ fields: ['jobRunId', 'phone'], message: 'jobRunDuplicate' }],
  indexes: [['phone']],
  sort: { descs: ['createTime'] },
});

/** A supplier (供应商, spec §7.7 supplier/lists) the company buys from: meters, repairs, cleaning. */
export const supplierEntity = entity({
  name: 'supplier',
  table: 'property_supplier',
  base: '/system-property/supplier',
  owner: 'tenant',
  permission: 'supplier',
  fields: {
    supplierName: text({ required: 'supplierNameRequired', maxLength: 100, search: 'like' }),
    category: text({ maxLength: 50, search: 'like' }),
    contact: text({ maxLength: 50 }),
    phone: text({ maxLength: 20, validator: 'phone' }),
    address: text({ maxLength: 200 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['supplierName'], message: 'supplierNameTaken' }],
  sort: { ascs: ['supplierName'] },
});
