import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { billActions, readableTabs, refundableOf, sumsOfRows, tabOfMenu } from '../src/modules/billing/bill-tabs';
import { keyForChoice, moneyRule, totalsOf } from '../src/modules/billing/cashier';
import { generationParams, sameScope } from '../src/modules/billing/generation';
import { paperStyle, receiptRows, type Receipt } from '../src/modules/billing/receipt';
import { barPercent } from '../src/modules/billing/statistics';

/** The billing screens' own logic: which tab a menu opens, which actions a bill offers, the cashier's sums. */
const EVERY = new Set([
  'paymentbill_pay',
  'paymentbill_close',
  'paymentbill_remind',
  'reducepay_add',
  'billsettle_refund',
  'billsettle_print',
]);
const has = (codes: Set<string>) => (code: string) => codes.has(code);
const reads = (codes: string[]) => (code: string) => codes.includes(code);

describe('bill tabs', () => {
  it('open on the menu’s own list, and show only the lists the user may read', () => {
    expect(tabOfMenu('paymentbill')).toBe('out');
    expect(tabOfMenu('billoverdue')).toBe('overdu');
    expect(tabOfMenu('billclosed')).toBe('closed');
    expect(readableTabs(reads(['paymentbill'])).map((t) => t.key)).toEqual(['out', 'overdu', 'settle', 'refund', 'closed']);
    expect(readableTabs(reads(['billsettle', 'billrefund'])).map((t) => t.key)).toEqual(['settle', 'refund']);
    expect(readableTabs(reads([]))).toEqual([]);
  });
});

describe('a bill’s row actions', () => {
  const unpaid = { billStatus: 1, owed: '120.00', paidAmount: '0', lateFee: '0', refundAmount: '0', ownerPhone: '13800000000' };
  const paid = { billStatus: 2, owed: '120.00', paidAmount: '120.00', lateFee: '3.50', refundAmount: '0.00', orderId: '9' };
  it('follow the bill’s state for a user holding every button', () => {
    expect(billActions(unpaid, has(EVERY), reads(['billlog']))).toEqual(['pay', 'reduce', 'close', 'remind', 'log']);
    expect(billActions(paid, has(EVERY), reads(['billlog']))).toEqual(['refund', 'print', 'log']);
    expect(billActions({ ...paid, billStatus: 4, refundAmount: '123.50' }, has(EVERY), reads([]))).toEqual(['print']);
    expect(billActions({ billStatus: 3 }, has(EVERY), reads(['billlog']))).toEqual(['log']);
  });
  it('leave out what the buttons do not allow, and what there is nothing left for', () => {
    expect(billActions(unpaid, has(new Set(['paymentbill_pay'])), reads([]))).toEqual(['pay']);
    // Nothing owed after a full reduction: no more reduction. No phone: no reminder.
    expect(billActions({ ...unpaid, owed: '0.00', ownerPhone: null }, has(EVERY), reads([]))).toEqual(['pay', 'close']);
    // Refunded to the last cent: no refund, still a receipt.
    expect(billActions({ ...paid, refundAmount: '123.50' }, has(EVERY), reads([]))).toEqual(['print']);
    expect(billActions(paid, has(new Set(['billrefund_add'])), reads([]))).toEqual(['refund']);
    // A bill paid without an order (none in practice) has no receipt to print.
    expect(billActions({ ...paid, orderId: null }, has(EVERY), reads([]))).toEqual(['refund']);
  });
  it('refund at most what was paid with its late fee, less what was refunded', () => {
    expect(refundableOf(paid)).toBe('123.50');
    expect(refundableOf({ ...paid, refundAmount: '23.49' })).toBe('100.01');
    expect(refundableOf({ billStatus: 1 })).toBe('0.00');
  });
  it('sum the rows exactly, as list-sum does', () => {
    const rows = [
      { amount: '0.10', owed: '0.10', paidAmount: '0.10', refundAmount: '0' },
      { amount: '0.20', owed: '0.20', paidAmount: '0.20', refundAmount: '0.05' },
    ];
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    expect(sumsOfRows(rows)).toEqual({ count: 2, amount: '0.30', owed: '0.30', paidAmount: '0.30', refundAmount: '0.05' });
  });
});

describe('the cashier', () => {
  const bills = [
    { id: '1', owed: '100.10', lateFeeDue: '0.00' },
    { id: '2', owed: '200.20', lateFeeDue: '5.05' },
    { id: '3', owed: '0.70', lateFeeDue: '0.01' },
  ];
  it('totals the chosen bills with their late fees', () => {
    expect(totalsOf(bills, new Set(['1', '2']))).toEqual({ count: 2, owed: '300.30', lateFee: '5.05', total: '305.35' });
    expect(totalsOf(bills, new Set())).toEqual({ count: 0, owed: '0.00', lateFee: '0.00', total: '0.00' });
  });
  it('keeps one payment key while the choice stays, a new one when it changes', () => {
    const first = keyForChoice(undefined, new Set(['2', '1']));
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(keyForChoice(first, new Set(['1', '2']))).toBe(first);
    expect(keyForChoice(first, new Set(['1'])).key).not.toBe(first.key);
  });
  it('accepts amounts above zero with two decimals at most, never above the limit', async () => {
    const t = (key: string) => key;
    const [, check] = moneyRule(t, '50.00') as Array<{ validator: (r: unknown, v: unknown) => Promise<void> }>;
    await expect(check!.validator({}, '50.00')).resolves.toBeUndefined();
    await expect(check!.validator({}, '0.01')).resolves.toBeUndefined();
    await expect(check!.validator({}, '50.01')).rejects.toThrow('billing.amountTooMuch');
    await expect(check!.validator({}, '0')).rejects.toThrow('billing.amountInvalid');
    await expect(check!.validator({}, '1.234')).rejects.toThrow('billing.amountInvalid');
    await expect(check!.validator({}, '-1')).rejects.toThrow('billing.amountInvalid');
  });
});

describe('the generation dialog', () => {
  const period = dayjs('2026-12-01');
  it('sends what is chosen, the month as yyyy-MM', () => {
    expect(generationParams({ gardenId: '7', period })).toEqual({ gardenId: '7', period: '2026-12' });
    expect(generationParams({ gardenId: '7', buildingId: '8', itemIds: ['3', '1'], period })).toEqual({
      gardenId: '7',
      buildingId: '8',
      itemIds: '3,1',
      period: '2026-12',
    });
    // A unit goes with its building; a unit left over without one is not sent.
    expect(generationParams({ gardenId: '7', buildingId: '8', unitId: '9', period })).toEqual({
      gardenId: '7',
      buildingId: '8',
      unitId: '9',
      period: '2026-12',
    });
    expect(generationParams({ gardenId: '7', unitId: '9', period })).toEqual({ gardenId: '7', period: '2026-12' });
  });
  it('offers 生成 only for the scope last previewed', () => {
    const scope = { gardenId: '7', itemIds: ['1', '3'], period };
    expect(sameScope(scope, { ...scope, itemIds: ['3', '1'] })).toBe(true);
    expect(sameScope(scope, { ...scope, period: dayjs('2027-01-01') })).toBe(false);
    expect(sameScope(scope, { ...scope, buildingId: '8' })).toBe(false);
    expect(sameScope({ ...scope, buildingId: '8' }, { ...scope, buildingId: '8', unitId: '9' })).toBe(false);
    expect(sameScope(scope, { gardenId: '7' })).toBe(false);
  });
});

describe('the receipt and the statistics', () => {
  it('lists each bill with its late fee, adding up to the order', () => {
    const receipt = {
      bills: [
        { id: '1', itemName: '物业费', period: '2026-11', paidAmount: '100.1', lateFee: '0.2' },
        { id: '2', itemName: null, period: '2026-12', paidAmount: '5', lateFee: '0' },
      ],
    } as unknown as Receipt;
    expect(receiptRows(receipt)).toEqual([
      { id: '1', itemName: '物业费', period: '2026-11', owed: '100.10', lateFee: '0.20', subtotal: '100.30' },
      { id: '2', itemName: '', period: '2026-12', owed: '5.00', lateFee: '0.00', subtotal: '5.00' },
    ]);
    expect(paperStyle('A5')).toContain('A5 landscape');
    expect(paperStyle('A4')).toContain('A4 portrait');
  });
  it('draws each month’s bar against the largest month', () => {
    const rows = [{ receivable: '200.00' }, { receivable: '50.00' }, { receivable: '0.00' }];
    expect(rows.map((r) => barPercent(r.receivable, rows))).toEqual([100, 25, 0]);
    expect(barPercent('0.00', [{ receivable: '0.00' }])).toBe(0);
  });
});

describe('the billing menus without a screen of their own', () => {
  it('list and add in the header garden when their rows belong to a garden (charge items, formulas, records)', async () => {
    const { BILLING_SCREENS } = await import('../src/modules/billing/screens');
    const { SCREEN_BY_CODE } = await import('../src/app/screen-entity');
    const codes = ['paymentitems', 'payformula', 'orderprint', 'reducepay', 'billlog', 'supplier'];
    const scoped = codes.filter((code) => code in BILLING_SCREENS);
    // Every one whose entity has a garden is scoped; the others keep the plain generic screen.
    for (const code of codes) expect(scoped.includes(code), code).toBe(!!SCREEN_BY_CODE.get(code)?.fields.gardenId);
    expect(scoped).toContain('paymentitems');
    // 短信记录 holds messages of no garden too (短信配置's test messages): the plain screen, whose list shows them.
    expect('smsuse' in BILLING_SCREENS).toBe(false);
    expect(SCREEN_BY_CODE.get('smsuse')?.fields.gardenId?.search).toBe('equal');
    // Which entity a scoped screen lists is the menu's one rule (app/screen-entity.ts, tested in first-list-call.test.ts).
  });
});
