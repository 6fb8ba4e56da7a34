import { describe, expect, it } from 'vitest';
import { capitalAmount } from './capital';
import { ChargeError, computeCharge, FORMULA_KIND, type ChargeRule } from './charge';
import {
  add,
  compare,
  dec,
  div,
  format,
  isDecimal,
  isNegative,
  isZero,
  max,
  min,
  mul,
  round,
  ROUND_MODES,
  sub,
  sum,
  toMoney,
} from './decimal';
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

describe('decimals at their edges', () => {
  it('reads bigints, whole numbers, trimmed texts and decimals already read; names what it refuses', () => {
    expect(dec(12n)).toEqual({ units: 12n, scale: 0 });
    expect(dec(-7)).toEqual({ units: -7n, scale: 0 });
    expect(dec(' 12.50 ')).toEqual({ units: 1250n, scale: 2 });
    expect(dec('12')).toEqual({ units: 12n, scale: 0 });
    expect(dec('-0.05')).toEqual({ units: -5n, scale: 2 });
    const read = { units: 5n, scale: 1 };
    expect(dec(read)).toBe(read);
    expect(() => dec(2 ** 53)).toThrow(new RangeError('not an exact number: 9007199254740992'));
    expect(dec(2 ** 53 - 1)).toEqual({ units: 9007199254740991n, scale: 0 });
    expect(() => dec('abc')).toThrow(new RangeError('not a decimal: abc'));
    // Both anchors and each part of the shape: junk before or after, a lone sign, two points.
    for (const bad of ['x1', '1x', '1.5x', '-', '+1', '- 1', '1.5.5', '--1']) expect(() => dec(bad), bad).toThrow(RangeError);
    expect(isDecimal(' 1.5 ')).toBe(true);
    expect(isDecimal('-12.05')).toBe(true);
    for (const bad of ['1e3', '1.5x', '', 12, null, undefined]) expect(isDecimal(bad), String(bad)).toBe(false);
  });

  it('tells zero and negatives; min and max keep the first of equal values', () => {
    expect(isZero('0.00')).toBe(true);
    expect(isZero('0.01')).toBe(false);
    expect(isZero('-0.01')).toBe(false);
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('0')).toBe(false);
    expect(isNegative('0.01')).toBe(false);
    expect(min('1.50', '1.5')).toEqual({ units: 150n, scale: 2 });
    expect(min('2', '1.5')).toEqual({ units: 15n, scale: 1 });
    expect(min('1', '1.5')).toEqual({ units: 1n, scale: 0 });
    expect(max('1.50', '1.5')).toEqual({ units: 150n, scale: 2 });
    expect(max('1', '1.5')).toEqual({ units: 15n, scale: 1 });
    expect(max('2', '1.5')).toEqual({ units: 2n, scale: 0 });
  });

  it('rounds half up unless told otherwise; round_mode 1, 2, 3 are half up, up, down', () => {
    expect(round('2.345', 2)).toEqual({ units: 235n, scale: 2 });
    expect(ROUND_MODES).toEqual({ 1: 'halfUp', 2: 'up', 3: 'down' });
  });

  it('rounds to 0–10 places only', () => {
    expect(round('1', 0)).toEqual({ units: 1n, scale: 0 });
    expect(round('1', 10)).toEqual({ units: 10_000_000_000n, scale: 10 });
    expect(round('2.34', 2, 'up')).toEqual({ units: 234n, scale: 2 });
    expect(() => round('1', 11)).toThrow(new RangeError('places out of range: 11'));
    for (const places of [-1, 1.5, Number.NaN]) expect(() => round('1', places), String(places)).toThrow(RangeError);
  });

  it('divides with either sign, more places in than out, by default to 10 places half up', () => {
    expect(format(div('1', '-8', 2, 'down'), 2)).toBe('-0.12');
    expect(format(div('-1', '8', 2, 'down'), 2)).toBe('-0.12');
    expect(format(div('-1', '-8', 2, 'up'), 2)).toBe('0.13');
    expect(format(div('-1', '8', 2, 'up'), 2)).toBe('-0.13');
    expect(format(div('-1', '8', 2, 'halfUp'), 2)).toBe('-0.13'); // −0.125: a half goes away from zero
    expect(format(div('1', '-3', 2), 2)).toBe('-0.33');
    // 1.23456 ÷ 1 to 2 places: the numerator has more places than asked
    expect(format(div('1.23456', '1', 2), 2)).toBe('1.23');
    expect(format(div('1.235', '1', 2), 2)).toBe('1.24');
    expect(format(div('1.234', '1', 2, 'up'), 2)).toBe('1.24');
    expect(format(div('0.5', '0.25', 0), 0)).toBe('2');
    expect(div('2', '3')).toEqual({ units: 6_666_666_667n, scale: 10 });
    expect(() => div('1', '0.00')).toThrow(new RangeError('division by zero'));
  });

  it('formats to 2 places by default, zeros padded, no negative zero', () => {
    expect(format('1.005')).toBe('1.01');
    expect(format('0.05', 2)).toBe('0.05');
    expect(format('-0.05', 2)).toBe('-0.05');
    expect(format('-0.001', 2)).toBe('0.00');
    expect(format('0.001', 2)).toBe('0.00');
    expect(format('123.4', 3)).toBe('123.400');
    expect(format('0.5', 0)).toBe('1');
    expect(format('5', 0)).toBe('5');
    expect(toMoney('-1234.567')).toBe('-1234.57');
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

describe('expressions at their edges', () => {
  const value = (source: string, variables = {}) => evaluateExpression(source, variables);
  const refused = (source: string, variables = {}) => errorOf(() => value(source, variables));

  it('reads numbers with decimals, names with digits, any whitespace, unary signs, left to right', () => {
    expect(format(value('12.25 * 2'), 2)).toBe('24.50');
    expect(format(value('\t1\n+ 2 '), 0)).toBe('3');
    expect(format(value('+5'), 0)).toBe('5');
    expect(format(value('-(2)'), 0)).toBe('-2');
    expect(format(value('--3'), 0)).toBe('3');
    expect(format(value('2 - 3 - 4'), 0)).toBe('-5');
    expect(format(value('8 / 4 / 2'), 0)).toBe('1');
    expect(value('2 / 3')).toEqual({ units: 6_666_666_667n, scale: 10 });
    expect(value('min(1.50, 1.5)')).toEqual({ units: 150n, scale: 2 });
    expect(value('max(1.5, 1.50)')).toEqual({ units: 15n, scale: 1 });
    expect(format(value('min(2, 1)'), 0)).toBe('1');
    expect(format(value('max(1, 2)'), 0)).toBe('2');
    expect(format(value('1'.repeat(500)), 0)).toBe('1'.repeat(500));
    expect(format(value('('.repeat(40) + '1' + ')'.repeat(40)), 0)).toBe('1');
  });

  it('counts signs before a parenthesis and the arguments of min and max toward the depth limit', () => {
    // each "-(" goes two levels down: 20 of them reach the limit (40), 21 pass it
    expect(format(value('-('.repeat(20) + '1' + ')'.repeat(20)), 0)).toBe('1');
    expect(refused('-('.repeat(21) + '1' + ')'.repeat(21))).toMatchObject({ key: 'formulaTooDeep' });
    // each min or max goes one level down, through either argument
    expect(format(value('min('.repeat(40) + '1' + ', 1)'.repeat(40)), 0)).toBe('1');
    expect(refused('min('.repeat(41) + '1' + ', 1)'.repeat(41))).toMatchObject({ key: 'formulaTooDeep' });
    expect(format(value('max(1, '.repeat(40) + '1' + ')'.repeat(40)), 0)).toBe('1');
    expect(refused('max(1, '.repeat(41) + '1' + ')'.repeat(41))).toMatchObject({ key: 'formulaTooDeep' });
  });

  it('refuses by name and place: a bare point, a stray character, unknown names, broken calls, too long or deep', () => {
    expect(refused('1'.repeat(501))).toMatchObject({ key: 'formulaTooLong', params: { max: 500 } });
    expect(refused('('.repeat(41) + '1' + ')'.repeat(41))).toMatchObject({ key: 'formulaTooDeep' });
    expect(refused('.5')).toMatchObject({ key: 'formulaSyntax', params: { at: 1 } });
    expect(refused('1 + .5')).toMatchObject({ key: 'formulaSyntax', params: { at: 5 } });
    expect(refused('1 # 2')).toMatchObject({ key: 'formulaSyntax', params: { at: 3 } });
    expect(refused('price1')).toMatchObject({ key: 'formulaUnknownVariable', params: { name: 'price1' } });
    expect(refused('_x')).toMatchObject({ key: 'formulaUnknownVariable', params: { name: '_x' } });
    expect(refused('min(1 2)')).toMatchObject({ key: 'formulaSyntax', params: { at: 4 } });
    expect(refused('min(1, 2')).toMatchObject({ key: 'formulaSyntax', params: { at: 6 } });
    expect(refused('min 1')).toMatchObject({ key: 'formulaSyntax', params: { at: 2 } });
    // another operator where a comma or a closing parenthesis must be
    expect(refused('min(1)')).toMatchObject({ key: 'formulaSyntax', params: { at: 4 } });
    expect(refused('(1, 2)')).toMatchObject({ key: 'formulaSyntax', params: { at: 3 } });
    expect(refused('* 2')).toMatchObject({ key: 'formulaSyntax', params: { at: 1 } });
    expect(refused(')')).toMatchObject({ key: 'formulaSyntax', params: { at: 1 } });
    expect(refused('floor', { floor: '' })).toMatchObject({ key: 'formulaVariableMissing', params: { name: 'floor' } });
    expect(refused('floor', { floor: null })).toMatchObject({ key: 'formulaVariableMissing', params: { name: 'floor' } });
    expect(refused('1 / 0')).toMatchObject({ key: 'formulaDivideByZero' });
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
    expect(errorOf(() => computeCharge(water, { lastReading: '9.9' }))).toMatchObject({ key: 'meterReadingMissing' });
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
    expect(charge.lines[2]).toEqual({ lineType: 'vacant', quantity: null, unitPrice: null, amount: '-107.67' });
    expect(charge.amount).toBe('107.66');
    expect(computeCharge(rule({ vacantPercent: '50' }), { builtArea: '89.50', vacant: false }).amount).toBe('210.33');
    expect(computeCharge(rule({ vacantPercent: '100' }), { builtArea: '89.50', vacant: true }).amount).toBe('0.00');
  });
});

describe('charge lines of every kind', () => {
  const base = (quantity: string | null, unitPrice: string | null, amount: string) => ({
    lineType: 'base',
    quantity,
    unitPrice,
    amount,
  });
  const extra = (amount: string) => ({ lineType: 'additional', quantity: null, unitPrice: null, amount });

  it('shows each kind’s quantity and unit price on its base line', () => {
    // 72.30 ㎡ × 3 months = 216.90 ㎡·months × 3.00 = 650.70
    expect(computeCharge(rule({ kind: FORMULA_KIND.innerArea, unitPrice: '3', months: 3 }), { innerArea: '72.30' })).toEqual({
      amount: '650.70',
      lines: [base('216.90', '3.00', '650.70')],
    });
    expect(computeCharge(rule({ kind: FORMULA_KIND.fixed, unitPrice: '150', additional: '0.5' }), {})).toEqual({
      amount: '150.50',
      lines: [base('1.00', '150.00', '150.00'), extra('0.50')],
    });
    // 1234.5 − 1200.2 = 34.3 m³ × 4.20 = 144.06
    const water = rule({ kind: FORMULA_KIND.meter, unitPrice: '4.20', additional: '2' });
    expect(computeCharge(water, { lastReading: '1200.2', currentReading: '1234.5' }).lines).toEqual([
      base('34.30', '4.20', '144.06'),
      extra('2.00'),
    ]);
    // rent 2000 × 1.05 after 12 months = 2100.00 a month, 3 months
    const rent = rule({ kind: FORMULA_KIND.rent, unitPrice: '3000', months: 3, escalationMonths: 12, escalationPercent: '5' });
    expect(computeCharge(rent, { rent: '2000', monthsSinceStart: 12 }).lines).toEqual([base('3.00', '2100.00', '6300.00')]);
    expect(computeCharge(rule({ kind: FORMULA_KIND.adhoc, additional: '5' }), { amount: '88.88' })).toEqual({
      amount: '88.88',
      lines: [base(null, null, '88.88')],
    });
  });

  it('adds no additional line for a zero or missing additional, nor for expressions and ad-hoc amounts', () => {
    expect(computeCharge(rule({ additional: null }), { builtArea: '89.50' }).lines).toHaveLength(1);
    expect(computeCharge(rule({ additional: '0.00' }), { builtArea: '89.50' }).lines).toHaveLength(1);
    expect(computeCharge(rule({ additional: '-0.01' }), { builtArea: '89.50' }).lines.map((l) => l.amount)).toEqual([
      '210.33',
      '-0.01',
    ]);
    // usage 15.5 − 10 = 5.5 × 4.20 = 23.10, + additional 2 × 3 months = 29.10: additional inside the expression only
    const usage = rule({
      kind: FORMULA_KIND.expression,
      expression: 'usage * price + additional * months',
      unitPrice: '4.20',
      additional: '2',
      months: 3,
    });
    expect(computeCharge(usage, { lastReading: '10', currentReading: '15.5' })).toEqual({
      amount: '29.10',
      lines: [base(null, null, '29.10')],
    });
  });

  it('gives expressions a coefficient of 1 unless set; the house’s own areas and the item’s price win', () => {
    const of = (expression: string, facts: Parameters<typeof computeCharge>[1]) =>
      computeCharge(rule({ kind: FORMULA_KIND.expression, expression }), facts).amount;
    expect(of('coefficient * 10', {})).toBe('10.00');
    expect(of('coefficient * 10', { variables: { coefficient: '1.5' } })).toBe('15.00');
    expect(of('builtArea', { builtArea: '50', variables: { builtArea: '70' } })).toBe('50.00');
    expect(of('price', { variables: { price: '9' } })).toBe('2.35');
    expect(of('additional', {})).toBe('0.00');
    expect(computeCharge(rule({ kind: FORMULA_KIND.expression, expression: 'additional', additional: null }), {}).amount).toBe(
      '0.00',
    );
    for (const expression of [null, undefined, '', '  '])
      expect(
        errorOf(() => computeCharge(rule({ kind: FORMULA_KIND.expression, expression }), {})),
        String(expression),
      ).toMatchObject({
        key: 'formulaEmpty',
      });
    // The formula's own refusals come back as the charge's, with their values.
    const unknown = errorOf(() => of('floor * 2', {}));
    expect(unknown).toBeInstanceOf(ChargeError);
    expect(unknown).toMatchObject({ key: 'formulaVariableMissing', params: { name: 'floor' } });
    expect(errorOf(() => of('usage', { currentReading: '5' }))).toMatchObject({
      key: 'formulaVariableMissing',
      params: { name: 'usage' },
    });
    expect(errorOf(() => of('usage', { lastReading: '5' }))).toMatchObject({
      key: 'formulaVariableMissing',
      params: { name: 'usage' },
    });
    // A value that is no number is not the formula's fault: the error goes up as it is.
    const bad = errorOf(() => of('floor', { variables: { floor: 'x' } }));
    expect(bad).toBeInstanceOf(RangeError);
  });

  it('rent: no rise without a percentage, none before the start; vacant discounts only when a positive percent is set', () => {
    expect(
      computeCharge(rule({ kind: FORMULA_KIND.rent, unitPrice: '1000', escalationMonths: 12 }), { monthsSinceStart: 24 }).amount,
    ).toBe('1000.00');
    const rent = rule({ kind: FORMULA_KIND.rent, unitPrice: '3000', escalationMonths: 12, escalationPercent: '5' });
    expect(computeCharge(rent, {}).amount).toBe('3000.00');
    expect(computeCharge(rent, { monthsSinceStart: -12 }).amount).toBe('3000.00');
    for (const vacantPercent of ['0', '-10', null, ''])
      expect(
        computeCharge(rule({ vacantPercent }), { builtArea: '89.50', vacant: true }).lines,
        String(vacantPercent),
      ).toHaveLength(1);
  });

  it('refuses a negative bill, not a zero one', () => {
    expect(computeCharge(rule({ kind: FORMULA_KIND.adhoc }), { amount: '0' }).amount).toBe('0.00');
    expect(errorOf(() => computeCharge(rule({ kind: FORMULA_KIND.adhoc }), { amount: '-1' }))).toMatchObject({
      key: 'chargeNegative',
    });
    // 210.33 − 300.00 = −89.67
    expect(errorOf(() => computeCharge(rule({ additional: '-300' }), { builtArea: '89.50' }))).toMatchObject({
      key: 'chargeNegative',
    });
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

describe('late fees at their edges', () => {
  const fee = { dailyPercent: '0.05', graceDays: 5, cap: '10', places: 2, roundMode: 'halfUp' as const };

  it('reads dates with a time after them, refuses others by name; grace defaults to none and is never negative', () => {
    expect(daysBetween('2026-01-05T10:00:00', '2026-01-06')).toBe(1);
    expect(() => daysBetween('2026/01/05', '2026-01-06')).toThrow(new RangeError('not a date: 2026/01/05'));
    expect(() => daysBetween('2026-01-05', 'x2026-01-06')).toThrow(RangeError);
    expect(chargeableDays('2026-01-10', '2026-01-12')).toBe(2);
    expect(chargeableDays('2026-01-10', '2026-01-12', -3)).toBe(2);
    // graceDays blank: the day after the due date is charged (1000 × 0.05% = 0.50)
    expect(lateFee('1000', '2026-01-15', '2026-01-16', { ...fee, graceDays: null })).toBe('0.50');
    expect(lateFee('1000', '2026-01-15', '2026-01-16', { ...fee, graceDays: undefined })).toBe('0.50');
  });

  it('no cap when blank; a cap rounded down to the places; nothing for a negative rate or debt', () => {
    // 26 days late − 5 grace = 21 × 0.50 = 10.50
    expect(lateFee('1000', '2026-01-15', '2026-02-10', { ...fee, cap: '' })).toBe('10.50');
    expect(lateFee('1000', '2026-01-15', '2026-02-10', { ...fee, cap: undefined })).toBe('10.50');
    expect(lateFee('1000', '2026-01-15', '2026-02-10', { ...fee, cap: '10.259' })).toBe('10.25');
    expect(lateFee('1000', '2026-01-15', '2026-02-10', { ...fee, dailyPercent: '-0.05' })).toBe('0.00');
    expect(lateFee('-1000', '2026-01-15', '2026-02-10', fee)).toBe('0.00');
    expect(lateFee('1000', '2026-01-15', '2026-02-10', { ...fee, dailyPercent: null, places: 0 })).toBe('0');
    expect(lateFee('1000', '2026-01-15', '2026-01-16', { ...fee, places: 4 })).toBe('0.0000');
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

  it('reads zeros inside and between groups, up to 万亿, and refuses more', () => {
    expect(capitalAmount('101')).toBe('壹佰零壹元整');
    expect(capitalAmount('110')).toBe('壹佰壹拾元整');
    expect(capitalAmount('1001')).toBe('壹仟零壹元整');
    expect(capitalAmount('1100')).toBe('壹仟壹佰元整');
    expect(capitalAmount('10000')).toBe('壹万元整');
    expect(capitalAmount('10100')).toBe('壹万零壹佰元整');
    expect(capitalAmount('10101')).toBe('壹万零壹佰零壹元整');
    expect(capitalAmount('11000')).toBe('壹万壹仟元整');
    expect(capitalAmount('100000001')).toBe('壹亿零壹元整');
    expect(capitalAmount('100001000')).toBe('壹亿零壹仟元整'); // an empty 万 group reads as 零 before a full one
    expect(capitalAmount('96.69')).toBe('玖拾陆元陆角玖分');
    expect(capitalAmount('1000000000000')).toBe('壹万亿元整');
    expect(() => capitalAmount('10000000000000000')).toThrow(new RangeError('amount too large'));
    expect(capitalAmount('100.05')).toBe('壹佰元零伍分');
    expect(capitalAmount('100.50')).toBe('壹佰元伍角');
    expect(capitalAmount('0.005')).toBe('壹分');
  });
});
