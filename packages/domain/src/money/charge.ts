import type { ErrorKey, MessageParams } from '../messages/translate';
import { add, compare, dec, div, format, mul, neg, round, sub, sum, type Dec, type RoundMode } from './decimal';
import { evaluateExpression, ExpressionError, type Variables } from './expression';

/**
 * How a charge item's amount for one house (or parking space) and one period
 * is computed (dictionary formula_type). Prices are per month where the kind
 * says so and multiplied by the cycle's months; additional is per bill.
 */
export const FORMULA_KIND = {
  /** built-up area × unit price × months + additional (the usual property fee) */
  builtArea: 1,
  /** a fixed amount per bill (unit price) + additional */
  fixed: 2,
  /** inner (usable) area × unit price × months + additional */
  innerArea: 3,
  /** (this reading − last reading) × unit price + additional (water, power, gas) */
  meter: 4,
  /** monthly rent × months, raised by escalationPercent every escalationMonths since the binding started */
  rent: 5,
  /** an expression over the house's variables (expression.ts) + additional */
  expression: 6,
  /** an amount entered or imported for this bill (ad-hoc fee) */
  adhoc: 7,
} as const;
export type FormulaKind = (typeof FORMULA_KIND)[keyof typeof FORMULA_KIND];

/** A charge item's rule as generation needs it: prices and percentages as decimal texts. */
export interface ChargeRule {
  kind: FormulaKind;
  unitPrice: string;
  additional?: string | null;
  /** Decimal places of the bill (0–4). */
  places: number;
  roundMode: RoundMode;
  /** Months a bill covers (1 monthly, 3 quarterly, 12 yearly). */
  months: number;
  expression?: string | null;
  escalationMonths?: number | null;
  /** Percent added each escalation step, compounding ("5" = +5%). */
  escalationPercent?: string | null;
  /** Percent taken off while the house is vacant ("50" = half). */
  vacantPercent?: string | null;
}

/** What is known of the house (or space) and the period. */
export interface ChargeFacts {
  builtArea?: string | null;
  innerArea?: string | null;
  lastReading?: string | null;
  currentReading?: string | null;
  /** Rent: monthly rent of the binding (the item's unit price when absent). */
  rent?: string | null;
  /** Rent: whole months from the binding's start to the period's start. */
  monthsSinceStart?: number;
  /** Ad-hoc: the amount entered. */
  amount?: string | null;
  vacant?: boolean;
  /** Other variables of an expression (garden area, coefficient, floor...). */
  variables?: Variables;
}

/** One child line of a bill (paymentbillchild); lines sum to the bill. */
export interface ChargeLine {
  /** base, additional or vacant (a discount, negative) */
  lineType: 'base' | 'additional' | 'vacant';
  quantity: string | null;
  unitPrice: string | null;
  amount: string;
}

export interface Charge {
  amount: string;
  lines: ChargeLine[];
}

/** A charge that cannot be computed for this house: why, as a message key. */
export class ChargeError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
  }
}

const present = (v: string | null | undefined): v is string => v !== null && v !== undefined && v !== '';

function need(value: string | null | undefined, key: ErrorKey): Dec {
  if (!present(value)) throw new ChargeError(key);
  return dec(value);
}

/** Compounded rent factor (1 + p/100)^steps, exact. */
function escalation(rule: ChargeRule, monthsSinceStart: number): { factor: Dec; steps: number } {
  const every = rule.escalationMonths ?? 0;
  const percent = rule.escalationPercent ?? '0';
  const steps = every > 0 ? Math.floor(Math.max(0, monthsSinceStart) / every) : 0;
  let factor = dec('1');
  const step = add('1', div(percent, '100', 10));
  for (let i = 0; i < steps; i += 1) factor = mul(factor, step);
  return { factor, steps };
}

/** The base line's quantity, unit price and exact amount before rounding. */
function baseOf(rule: ChargeRule, facts: ChargeFacts): { quantity: Dec | null; price: Dec | null; raw: Dec } {
  const price = dec(rule.unitPrice);
  const months = dec(rule.months);
  switch (rule.kind) {
    case FORMULA_KIND.builtArea: {
      const area = need(facts.builtArea, 'chargeAreaMissing');
      return { quantity: mul(area, months), price, raw: mul(mul(area, months), price) };
    }
    case FORMULA_KIND.innerArea: {
      const area = need(facts.innerArea, 'chargeInnerAreaMissing');
      return { quantity: mul(area, months), price, raw: mul(mul(area, months), price) };
    }
    case FORMULA_KIND.fixed:
      return { quantity: dec('1'), price, raw: price };
    case FORMULA_KIND.meter: {
      const last = need(facts.lastReading, 'meterReadingMissing');
      const current = need(facts.currentReading, 'meterReadingMissing');
      const usage = sub(current, last);
      if (compare(usage, '0') < 0) throw new ChargeError('meterReadingBackwards');
      return { quantity: usage, price, raw: mul(usage, price) };
    }
    case FORMULA_KIND.rent: {
      const monthly = present(facts.rent) ? dec(facts.rent) : price;
      const { factor } = escalation(rule, facts.monthsSinceStart ?? 0);
      const perMonth = mul(monthly, factor);
      return { quantity: months, price: round(perMonth, 4, rule.roundMode), raw: mul(perMonth, months) };
    }
    case FORMULA_KIND.expression: {
      if (!present(rule.expression)) throw new ChargeError('formulaEmpty');
      const usage =
        present(facts.currentReading) && present(facts.lastReading) ? sub(facts.currentReading, facts.lastReading) : null;
      const variables: Variables = {
        coefficient: '1',
        ...facts.variables,
        builtArea: facts.builtArea,
        innerArea: facts.innerArea,
        price: rule.unitPrice,
        additional: rule.additional ?? '0',
        months: String(rule.months),
        usage,
      };
      try {
        return { quantity: null, price: null, raw: evaluateExpression(rule.expression, variables) };
      } catch (e) {
        if (e instanceof ExpressionError) throw new ChargeError(e.key, e.params);
        throw e;
      }
    }
    case FORMULA_KIND.adhoc:
      return { quantity: null, price: null, raw: need(facts.amount, 'chargeAmountMissing') };
  }
}

/**
 * The amount of one bill and its child lines. Each line is rounded to the
 * item's places by its mode and the bill is the sum of its lines, so the lines
 * always add up to the bill. The vacant discount is taken off base plus
 * additional. A negative result is refused.
 */
export function computeCharge(rule: ChargeRule, facts: ChargeFacts): Charge {
  const { places, roundMode } = rule;
  const text = (d: Dec) => format(round(d, places, roundMode), places);
  const base = baseOf(rule, facts);
  const lines: ChargeLine[] = [
    {
      lineType: 'base',
      quantity: base.quantity ? format(base.quantity, 2) : null,
      unitPrice: base.price ? format(base.price, 2) : null,
      amount: text(base.raw),
    },
  ];
  const additional = rule.additional ?? '0';
  if (rule.kind !== FORMULA_KIND.expression && rule.kind !== FORMULA_KIND.adhoc && compare(additional, '0') !== 0)
    lines.push({ lineType: 'additional', quantity: null, unitPrice: null, amount: text(dec(additional)) });
  if (facts.vacant && present(rule.vacantPercent) && compare(rule.vacantPercent, '0') > 0) {
    const before = sum(lines.map((l) => l.amount));
    const off = mul(before, div(rule.vacantPercent, '100', 10));
    lines.push({ lineType: 'vacant', quantity: null, unitPrice: null, amount: text(neg(off)) });
  }
  const total = sum(lines.map((l) => l.amount));
  if (compare(total, '0') < 0) throw new ChargeError('chargeNegative');
  return { amount: format(total, places), lines };
}
