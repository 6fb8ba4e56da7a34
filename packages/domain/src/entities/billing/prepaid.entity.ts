import { entity, int, long, money, text } from '../../define';
import { gardenRef, houseRef, ownerRef } from '../references';

/** What moved an owner's pre-paid balance (dictionary prepaid_kind), one ledger row each. */
export const PREPAID_KIND = { topUp: 1, payment: 2, refund: 3 } as const;

/**
 * An owner's pre-paid account (预存款): money an owner leaves with the
 * property company, spent by paying bills with pay type 5 余额. One account
 * per owner and garden: it is opened for a house (its first owner, the one
 * bills are made out to) and lives in that house's garden, so garden staff
 * see and top up only their gardens' accounts, and a bill is paid from the
 * account of its owner in its garden. `balance` is never written by submit:
 * only a top-up, a payment by balance and a refund of such a payment move it,
 * each in the transaction that writes its ledger row, with the account row
 * locked; it never goes below zero (a check in the table as well).
 */
export const prepaidAccountEntity = entity({
  name: 'prepaidAccount',
  table: 'property_prepaid_account',
  base: '/system-property/prepaidaccount',
  owner: 'tenant',
  permission: 'prepaidaccount',
  fields: {
    gardenId: gardenRef({ readOnly: true, search: 'equal' }),
    houseId: houseRef({ required: 'houseRequired', search: 'equal' }),
    houseName: text({ readOnly: true, search: 'like' }),
    ownerId: ownerRef({ readOnly: true, search: 'equal' }),
    ownerName: text({ readOnly: true, search: 'like' }),
    ownerPhone: text({ readOnly: true, search: 'like' }),
    balance: money({ readOnly: true, default: '0.00' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['ownerId', 'gardenId'], message: 'prepaidAccountTaken' }],
  indexes: [['houseId']],
  sort: { descs: ['updateTime'] },
});

/**
 * One movement of a pre-paid account (预存款流水): a top-up (kind 1, paid in
 * by cash, card or transfer, numbered like a receipt: <garden code>-YC<year>-
 * <six-digit sequence>, gapless per garden and year), a payment of bills
 * (kind 2, the order it made) or a refund of such a payment back to the
 * balance (kind 3, the refund and bill). `amount` is signed (in +, out −) and
 * `balanceAfter` is the account's balance right after it, so the ledger read
 * in order adds up to the balance. Made only by those moves; never changed.
 */
export const prepaidLedgerEntity = entity({
  name: 'prepaidLedger',
  table: 'property_prepaid_ledger',
  base: '/system-property/prepaidledger',
  owner: 'tenant',
  permission: 'prepaidaccount',
  routes: ['page', 'list', 'detail'],
  fields: {
    prepaidAccountId: long({ readOnly: true, search: 'equal' }),
    gardenId: gardenRef({ readOnly: true }),
    houseName: text({ readOnly: true, search: 'like' }),
    ownerName: text({ readOnly: true, search: 'like' }),
    kind: int({ readOnly: true, dict: 'prepaid_kind', search: 'equal' }),
    amount: money({ readOnly: true }),
    balanceAfter: money({ readOnly: true }),
    payType: int({ readOnly: true, dict: 'pay_type' }),
    orderId: long({ readOnly: true, search: 'equal' }),
    billId: long({ readOnly: true }),
    refundId: long({ readOnly: true }),
    receiptNo: text({ readOnly: true, search: 'like' }),
    receiptYear: int({ readOnly: true }),
    receiptSeq: int({ readOnly: true }),
    clientKey: text({ readOnly: true, maxLength: 64 }),
    remark: text({ readOnly: true, maxLength: 500 }),
  },
  unique: [{ fields: ['clientKey'], message: 'payKeyReused' }],
  indexes: [['prepaidAccountId'], ['gardenId', 'receiptYear', 'receiptSeq']],
  sort: { descs: ['createTime'] },
});
