import { Money } from '@property/domain';
import type { Rule } from 'antd/es/form';
import type { Translate } from '../../app/i18n';
import { groupedDecimal } from '../../app/money-text';

/** A bill at the cashier (get-all-bill-by-houseId): what it owes and its late fee if paid today. */
export interface CashierBill {
  id: string;
  owed: string;
  lateFeeDue: string;
}

/** A bill as the cashier lists it. */
export interface HouseBill extends CashierBill {
  itemName: string | null;
  period: string;
  dueDate: string | null;
  overdueDays: number;
  ownerName?: string | null;
  ownerPhone?: string | null;
}

export interface CashierTotals {
  count: number;
  owed: string;
  lateFee: string;
  total: string;
}

/** What the chosen bills cost today: their owed amounts, their late fees and both together (exact decimals). */
export function totalsOf(bills: CashierBill[], chosen: ReadonlySet<string>): CashierTotals {
  const picked = bills.filter((b) => chosen.has(String(b.id)));
  const owed = Money.sum(picked.map((b) => b.owed));
  const lateFee = Money.sum(picked.map((b) => b.lateFeeDue));
  return {
    count: picked.length,
    owed: Money.toMoney(owed),
    lateFee: Money.toMoney(lateFee),
    total: Money.toMoney(Money.add(owed, lateFee)),
  };
}

/**
 * The key of one payment (the pay call's clientKey): the same key sent twice pays once, so a double click or a
 * retry after a lost answer never pays twice. A new payment (other bills, or after one succeeded) gets a new key.
 */
export function newClientKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The key for a choice of bills: kept while the choice stays the same, new when it changes. */
export function keyForChoice(previous: { choice: string; key: string } | undefined, chosen: ReadonlySet<string>) {
  const choice = [...chosen].sort().join(',');
  return previous && previous.choice === choice ? previous : { choice, key: newClientKey() };
}

const MONEY_TEXT = /^\d{1,10}(\.\d{1,2})?$/;

/** Rules of an amount typed in: a positive amount of at most two decimals, never above `max`. */
export function moneyRule(t: Translate, max: string): Rule[] {
  return [
    { required: true, message: t('billing.amountRequired') },
    {
      validator: async (_rule, value: unknown) => {
        const text = String(value ?? '').trim();
        if (!text) return;
        if (!MONEY_TEXT.test(text) || Money.compare(text, '0') <= 0) throw new Error(t('billing.amountInvalid'));
        if (Money.compare(text, max) > 0) throw new Error(t('billing.amountTooMuch', { amount: groupedDecimal(max) }));
      },
    },
  ];
}
