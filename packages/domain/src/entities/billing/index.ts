import type { EntityDef } from '../../define';
import { paymentBillChildEntity, paymentBillEntity, billLogEntity, reducePayEntity } from './bill.entity';
import { itemBindingEntity, meterReadingEntity, paymentItemEntity, payFormulaEntity } from './charge-item.entity';
import { prepaidAccountEntity, prepaidLedgerEntity } from './prepaid.entity';
import { paymentOrderEntity, paymentOrderPrintEntity, refundPayEntity, smsUseEntity, supplierEntity } from './order.entity';

export * from './answers';
export * from './bill.entity';
export * from './charge-item.entity';
export * from './order.entity';
export * from './prepaid.entity';

/** Billing (spec §1, §4, §7.7): charge items and formulas, bills, payments, refunds, receipts, reminders. */
export const BILLING_ENTITIES: ReadonlyArray<EntityDef> = [
  payFormulaEntity,
  paymentItemEntity,
  itemBindingEntity,
  meterReadingEntity,
  paymentBillEntity,
  paymentBillChildEntity,
  billLogEntity,
  reducePayEntity,
  paymentOrderEntity,
  paymentOrderPrintEntity,
  refundPayEntity,
  smsUseEntity,
  supplierEntity,
  prepaidAccountEntity,
  prepaidLedgerEntity,
];
