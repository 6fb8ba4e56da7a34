import { describe, expect, it } from 'vitest';
import { capitalAmount } from './capital';
import { computeCharge, FORMULA_KIND, type ChargeRule } from './charge';
import { add, compare, dec, div, format, mul, round, sub, sum, toMoney } from './decimal';
import { evaluateExpression, ExpressionError, parseExpression } from './expression';
import { chargeableDays, daysBetween, lateFee } from './late-fee';

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as { key?: string; params?: unknown };
  }
  throw new Error('expected a refusal');
};

describe('decimals', () => {
  it('adds and multiplies exactly where floating point does not', () => {
    expect(format(add('0.1', '0.2'), 2)).toBe('0.30');
    expect(toMoney(add('0.1', '0.2'))).toBe('0.30');
    expect(format(mul('1.15', '100'), 2)).toBe('115.00'); // 1.15 * 100 = 114.99999999999999 in floats
    expect(format(mul('89.50', '2.35'), 4)).toBe('210.3250');
    expect(format(sub('10', '0.01'), 2)).toBe('9.99');
    expect(format(sum(['33.33', '33.33', '33.34']), 2)).toBe('100.00');
    expect(format(sum([]), 2)).toBe('0.00');
  });

  it('rounds half up, up and down, on both sides of zero', () => {
    expect(format(round('2.345', 2, 'halfUp'), 2)).toBe('2.35');
    expect(format(round('2.344', 2, 'halfUp'), 2)).toBe('2.34');
    expect(format(round('2.341', 2, 'up'), 2)).toBe('2.35');
    expect(format(round('2.340', 2, 'up'), 2)).toBe('2.34');
    expect(format(round('2.349', 2, 'down'), 2)).toBe('2.34');
    expect(format(round('-2.345', 2, 'halfUp'), 2)).toBe('-2.35');
    expect(format(round('-2.341', 2, 'up'), 2)).toBe('-2.35');
    expect(format(round('-2.349', 2, 'down'), 2)).toBe('-2.34');
    expect(format(round('12.5', 0, 'halfUp'), 0)).toBe('13');
    expect(format(round('12.49', 0, 'halfUp'), 0)).toBe('12');
    expect(format(round('12.01', 1, 'up'), 1)).toBe('12.1');
    expect(format(round('7', 2), 2)).toBe('7.00');
    expect(() => round('1', 11)).toThrow(RangeError);
  });

  it('divides to a chosen precision and refuses zero', () => {
    expect(format(div('10', '3', 4), 4)).toBe('3.3333');
    expect(format(div('20', '3', 2), 2)).toBe('6.67');
    expect(format(div('1', '8', 2, 'down'), 2)).toBe('0.12');
    expect(format(div('0.05', '100', 6), 6)).toBe('0.000500');
    expect(() => div('1', '0')).toThrow(RangeError);
  });

  it('parses strictly and compares by value', () => {
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('-0.01', '0')).toBe(-1);
    expect(compare('10', '9.99')).toBe(1);
    expect(dec('-3.25')).toEqual({ units: -325n, scale: 2 });
    for (const bad of ['', '1e3', '1.', '.5', 'abc', '1,000']) expect(() => dec(bad)).toThrow(RangeError);
    expect(() => dec(0.1)).toThrow(RangeError);
    expect(format('-0.5', 0)).toBe('-1');
  });
});

describe('expressions', () => {
  it('evaluates arithmetic with precedence, parentheses, unary minus, min and max', () => {
    expect(
      format(evaluateExpression('builtArea * price + additional', { builtArea: '89.50', price: '2.35', additional: '10' }), 4),
    ).toBe('220.3250');
    expect(format(evaluateExpression('(1 + 2) × 3 - -1', {}), 0)).toBe('10');
    expect(format(evaluateExpression('10 ÷ 4', {}), 2)).toBe('2.50');
    expect(format(evaluateExpression('max(usage - 10, 0) * price', { usage: '7', price: '3' }), 2)).toBe('0.00');
    expect(format(evaluateExpression('min(builtArea, 100) * 2', { builtArea: '120.5' }), 2)).toBe('200.00');
    expect(format(evaluateExpression('2 * 3 + 4 * 5', {}), 0)).toBe('26');
  });

  it('refuses what it cannot read, names unknown and missing variables, never runs code', () => {
    expect(errorOf(() => parseExpression('builtArea * '))).toMatchObject({ key: 'formulaSyntax' });
    expect(errorOf(() => parseExpression('1 + (2'))).toMatchObject({ key: 'formulaSyntax' });
    expect(errorOf(() => parseExpression('process * 2'))).toMatchObject({
      key: 'formulaUnknownVariable',
      params: { name: 'process' },
    });
    expect(errorOf(() => parseExpression('process.exit(1)'))).toMatchObject({ key: 'formulaSyntax', params: { at: 8 } });
    expect(errorOf(() => parseExpression('constructor'))).toMatchObject({ key: 'formulaUnknownVariable' });
    expect(errorOf(() => parseExpression('1; 2'))).toMatchObject({ key: 'formulaSyntax', params: { at: 2 } });
    expect(errorOf(() => parseExpression('   '))).toMatchObject({ key: 'formulaEmpty' });
    expect(errorOf(() => parseExpression('1'.repeat(501)))).toMatchObject({ key: 'formulaTooLong' });
    expect(errorOf(() => parseExpression('('.repeat(60) + '1' + ')'.repeat(60)))).toMatchObject({ key: 'formulaTooDeep' });
    expect(errorOf(() => evaluateExpression('floor * 2', {}))).toMatchObject({
      key: 'formulaVariableMissing',
      params: { name: 'floor' },
    });
    expect(errorOf(() => evaluateExpression('1 / (2 - 2)', {}))).toMatchObject({ key: 'formulaDivideByZero' });
    expect(errorOf(() => parseExpression('1 2'))).toBeInstanceOf(ExpressionError);
  });
});

const rule = (over: Partial<ChargeRule>): ChargeRule => ({
  kind: FORMULA_KIND.builtArea,
  unitPrice: '2.35',
  additional: '0',
  places: 2,
  roundMode: 'halfUp',
  months: 1,
  ...over,
});

describe('charges', () => {
  it('built area × price × months + additional, lines summing to the bill', () => {
    // 89.50 × 2.35 = 210.325 → 210.33 (half up); + 5.00 additional = 215.33
    const charge = computeCharge(rule({ additional: '5' }), { builtArea: '89.50' });
    expect(charge).toEqual({
      amount: '215.33',
      lines: [
        { lineType: 'base', quantity: '89.50', unitPrice: '2.35', amount: '210.33' },
        { lineType: 'additional', quantity: null, unitPrice: null, amount: '5.00' },
      ],
    });
    // a quarter: 89.50 × 3 = 268.50 ㎡·months × 2.35 = 630.975 → 630.98
    expect(computeCharge(rule({ months: 3 }), { builtArea: '89.50' }).amount).toBe('630.98');
    // rounding modes of the same amount
    expect(computeCharge(rule({ roundMode: 'down' }), { builtArea: '89.50' }).amount).toBe('210.32');
    expect(computeCharge(rule({ roundMode: 'up', unitPrice: '2.30' }), { builtArea: '89.51' }).amount).toBe('205.88'); // 205.873
    expect(computeCharge(rule({ places: 0 }), { builtArea: '89.50' }).amount).toBe('210');
    expect(computeCharge(rule({ places: 1, roundMode: 'up' }), { builtArea: '89.50' }).amount).toBe('210.4');
    expect(errorOf(() => computeCharge(rule({}), { builtArea: null }))).toMatchObject({ key: 'chargeAreaMissing' });
  });

  it('inner area, fixed and ad-hoc amounts', () => {
    expect(computeCharge(rule({ kind: FORMULA_KIND.innerArea, unitPrice: '3' }), { innerArea: '72.30' }).amount).toBe('216.90');
    expect(errorOf(() => computeCharge(rule({ kind: FORMULA_KIND.innerArea }), {}))).toMatchObject({
      key: 'chargeInnerAreaMissing',
    });
    expect(computeCharge(rule({ kind: FORMULA_KIND.fixed, unitPrice: '150', additional: '0.5' }), {}).amount).toBe('150.50');
    expect(computeCharge(rule({ kind: FORMULA_KIND.adhoc }), { amount: '88.88' }).amount).toBe('88.88');
    expect(errorOf(() => computeCharge(rule({ kind: FORMULA_KIND.adhoc }), {}))).toMatchObject({ key: 'chargeAmountMissing' });
  });

  it('meter delta × price + additional, refusing a reading that went back', () => {
    // (1234.5 − 1200.2) = 34.3 m³ × 4.20 = 144.06; + 2 = 146.06
    const water = rule({ kind: FORMULA_KIND.meter, unitPrice: '4.20', additional: '2' });
    expect(computeCharge(water, { lastReading: '1200.2', currentReading: '1234.5' }).amount).toBe('146.06');
    expect(computeCharge(water, { lastReading: '10', currentReading: '10' }).amount).toBe('2.00');
    expect(errorOf(() => computeCharge(water, { lastReading: '10', currentReading: '9.9' }))).toMatchObject({
      key: 'meterReadingBackwards',
    });
    expect(errorOf(() => computeCharge(water, { currentReading: '9.9' }))).toMatchObject({ key: 'meterReadingMissing' });
  });

  it('rent rising by a percentage every N months, compounded', () => {
    const rent = rule({ kind: FORMULA_KIND.rent, unitPrice: '3000', escalationMonths: 12, escalationPercent: '5' });
    expect(computeCharge(rent, { monthsSinceStart: 0 }).amount).toBe('3000.00');
    expect(computeCharge(rent, { monthsSinceStart: 11 }).amount).toBe('3000.00');
    expect(computeCharge(rent, { monthsSinceStart: 12 }).amount).toBe('3150.00');
    // two rises: 3000 × 1.05² = 3307.50
    expect(computeCharge(rent, { monthsSinceStart: 24 }).amount).toBe('3307.50');
    // three: 3000 × 1.157625 = 3472.875 → 3472.88
    expect(computeCharge(rent, { monthsSinceStart: 36 }).amount).toBe('3472.88');
    // the binding's own rent wins over the item's price; a quarter is three months
    expect(computeCharge(rule({ ...rent, months: 3 }), { rent: '2000', monthsSinceStart: 12 }).amount).toBe('6300.00');
    // no rises configured
    expect(computeCharge(rule({ kind: FORMULA_KIND.rent, unitPrice: '1000' }), { monthsSinceStart: 99 }).amount).toBe('1000.00');
  });

  it('a custom expression over the house’s variables', () => {
    const custom = rule({ kind: FORMULA_KIND.expression, expression: 'builtArea * price * coefficient + floor * 0.5' });
    // 100 × 2.35 × 1.2 = 282 + 15 × 0.5 = 7.5 → 289.50
    expect(computeCharge(custom, { builtArea: '100', variables: { coefficient: '1.2', floor: '15' } }).amount).toBe('289.50');
    expect(errorOf(() => computeCharge(custom, { builtArea: '100' }))).toMatchObject({
      key: 'formulaVariableMissing',
      params: { name: 'floor' },
    });
    expect(errorOf(() => computeCharge(rule({ kind: FORMULA_KIND.expression, expression: '' }), {}))).toMatchObject({
      key: 'formulaEmpty',
    });
  });

  it('takes the vacant-house discount off base plus additional, as a negative line', () => {
    // 210.33 + 5.00 = 215.33; 50% off = 107.665 → −107.67 (half up away from zero); bill 107.66
    const charge = computeCharge(rule({ additional: '5', vacantPercent: '50' }), { builtArea: '89.50', vacant: true });
    expect(charge.lines.map((l) => l.amount)).toEqual(['210.33', '5.00', '-107.67']);
    expect(charge.amount).toBe('107.66');
    expect(computeCharge(rule({ vacantPercent: '50' }), { builtArea: '89.50', vacant: false }).amount).toBe('210.33');
    expect(computeCharge(rule({ vacantPercent: '100' }), { builtArea: '89.50', vacant: true }).amount).toBe('0.00');
  });
});

describe('late fees', () => {
  const fee = { dailyPercent: '0.05', graceDays: 5, cap: '10', places: 2, roundMode: 'halfUp' as const };

  it('counts calendar days across months and years', () => {
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2); // leap year
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-01-10', '2026-01-01')).toBe(-9);
    expect(chargeableDays('2026-01-10', '2026-01-05', 3)).toBe(0);
  });

  it('charges nothing on the due date or within the grace days, then a daily percentage', () => {
    // owed 1000.00, 0.05% a day = 0.50 a day, after 5 grace days
    expect(lateFee('1000', '2026-01-15', '2026-01-14', fee)).toBe('0.00');
    expect(lateFee('1000', '2026-01-15', '2026-01-15', fee)).toBe('0.00');
    expect(lateFee('1000', '2026-01-15', '2026-01-20', fee)).toBe('0.00'); // 5 days late = the grace
    expect(lateFee('1000', '2026-01-15', '2026-01-21', fee)).toBe('0.50'); // 6th day: one day charged
    expect(lateFee('1000', '2026-01-15', '2026-01-30', fee)).toBe('5.00'); // 10 days
  });

  it('stops at the cap, rounds by the item, and is zero without a rule or a debt', () => {
    expect(lateFee('1000', '2026-01-15', '2026-02-09', fee)).toBe('10.00'); // 20 days = 10.00, the cap exactly
    expect(lateFee('1000', '2026-01-15', '2026-02-10', fee)).toBe('10.00'); // 21 days = 10.50, capped
    expect(lateFee('1000', '2026-01-15', '2026-12-31', { ...fee, cap: null })).toBe('172.50'); // 350 days late − 5 = 345 days × 0.50
    // 215.33 × 0.0005 × 3 = 0.322995 → 0.32 half up, 0.33 up, 0.32 down
    const small = { ...fee, graceDays: 0, cap: null };
    expect(lateFee('215.33', '2026-01-15', '2026-01-18', small)).toBe('0.32');
    expect(lateFee('215.33', '2026-01-15', '2026-01-18', { ...small, roundMode: 'up' })).toBe('0.33');
    expect(lateFee('215.33', '2026-01-15', '2026-01-18', { ...small, places: 0 })).toBe('0');
    expect(lateFee('1000', '2026-01-15', '2026-03-01', { ...fee, dailyPercent: null })).toBe('0.00');
    expect(lateFee('1000', '2026-01-15', '2026-03-01', { ...fee, dailyPercent: '0' })).toBe('0.00');
    expect(lateFee('0', '2026-01-15', '2026-03-01', fee)).toBe('0.00');
  });
});

describe('capital amounts', () => {
  it('writes receipts’ amounts in capitals', () => {
    expect(capitalAmount('123.45')).toBe('壹佰贰拾叁元肆角伍分');
    expect(capitalAmount('0')).toBe('零元整');
    expect(capitalAmount('0.05')).toBe('伍分');
    expect(capitalAmount('0.50')).toBe('伍角');
    expect(capitalAmount('1.05')).toBe('壹元零伍分');
    expect(capitalAmount('10.50')).toBe('壹拾元伍角');
    expect(capitalAmount('1005')).toBe('壹仟零伍元整');
    expect(capitalAmount('1010')).toBe('壹仟零壹拾元整');
    expect(capitalAmount('100000')).toBe('壹拾万元整');
    expect(capitalAmount('1000001')).toBe('壹佰万零壹元整');
    expect(capitalAmount('10001000')).toBe('壹仟万壹仟元整');
    expect(capitalAmount('100010000')).toBe('壹亿零壹万元整');
    expect(capitalAmount('215.33')).toBe('贰佰壹拾伍元叁角叁分');
    expect(capitalAmount('-8.8')).toBe('负捌元捌角');
    expect(capitalAmount('3472.875')).toBe('叁仟肆佰柒拾贰元捌角捌分');
  });
});
