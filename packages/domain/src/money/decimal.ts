/**
 * Exact decimal arithmetic for money (never JS floating point): a value is an
 * integer count of 10^-scale units held in a bigint. Addition and
 * multiplication are exact (scales add up); only division and rounding lose
 * digits, and both say how (a rounding mode and a number of places).
 */
export interface Dec {
  /** The value times 10^scale. */
  readonly units: bigint;
  /** Digits after the decimal point. */
  readonly scale: number;
}

/**
 * How amounts are rounded to an item's decimal places (dictionary round_mode):
 * halfUp 四舍五入 (a half goes away from zero), up 进一 (any remainder goes away
 * from zero), down 舍去 (the remainder is dropped, toward zero).
 */
export type RoundMode = 'halfUp' | 'up' | 'down';

/** round_mode dictionary keys as stored on charge items. */
export const ROUND_MODES: Readonly<Record<number, RoundMode>> = { 1: 'halfUp', 2: 'up', 3: 'down' };

export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/** A decimal from its text ("12.50", "-3", "0.0005"), an integer or a bigint. Anything else throws. */
export function dec(value: string | number | bigint | Dec): Dec {
  if (typeof value === 'object') return value;
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number') {
    // Only whole numbers: a fractional JS number already lost its exact value.
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact number: ${value}`);
    return { units: BigInt(value), scale: 0 };
  }
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) throw new RangeError(`not a decimal: ${value}`);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** Whether a text is a decimal dec() accepts. */
export const isDecimal = (value: unknown): value is string => typeof value === 'string' && DECIMAL_TEXT.test(value.trim());

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function add(a: Dec | string, b: Dec | string): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x + y, scale };
}

export function sub(a: Dec | string, b: Dec | string): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x - y, scale };
}

export function mul(a: Dec | string, b: Dec | string | number): Dec {
  const [x, y] = [dec(a), dec(b)];
  return { units: x.units * y.units, scale: x.scale + y.scale };
}

export function neg(a: Dec | string): Dec {
  const x = dec(a);
  return { units: -x.units, scale: x.scale };
}

export function sum(values: ReadonlyArray<Dec | string>): Dec {
  return values.reduce<Dec>((total, v) => add(total, v), { units: 0n, scale: 0 });
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compare(a: Dec | string, b: Dec | string): -1 | 0 | 1 {
  const [x, y] = align(dec(a), dec(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (a: Dec | string): boolean => dec(a).units === 0n;
export const isNegative = (a: Dec | string): boolean => dec(a).units < 0n;
export const min = (a: Dec | string, b: Dec | string): Dec => (compare(a, b) <= 0 ? dec(a) : dec(b));
export const max = (a: Dec | string, b: Dec | string): Dec => (compare(a, b) >= 0 ? dec(a) : dec(b));

/** Integer division of units by 10^k (or by `divisor`), rounded by mode; signs handled away from / toward zero. */
function divideUnits(units: bigint, divisor: bigint, mode: RoundMode): bigint {
  const negative = units < 0n !== divisor < 0n;
  const [n, d] = [units < 0n ? -units : units, divisor < 0n ? -divisor : divisor];
  let q = n / d;
  const r = n % d;
  if (r !== 0n && (mode === 'up' || (mode === 'halfUp' && r * 2n >= d))) q += 1n;
  return negative ? -q : q;
}

/** The value to `places` decimals (0–10), by `mode`. */
export function round(a: Dec | string, places: number, mode: RoundMode = 'halfUp'): Dec {
  if (!Number.isInteger(places) || places < 0 || places > 10) throw new RangeError(`places out of range: ${places}`);
  const x = dec(a);
  if (x.scale <= places) return { units: x.units * pow10(places - x.scale), scale: places };
  return { units: divideUnits(x.units, pow10(x.scale - places), mode), scale: places };
}

/** a ÷ b to `places` decimals by `mode`; dividing by zero throws. */
export function div(a: Dec | string, b: Dec | string, places = 10, mode: RoundMode = 'halfUp'): Dec {
  const [x, y] = [dec(a), dec(b)];
  if (y.units === 0n) throw new RangeError('division by zero');
  // x/y = (x.units / y.units) * 10^(y.scale - x.scale); scaled to `places`: numerator * 10^(places + y.scale - x.scale).
  const shift = places + y.scale - x.scale;
  const numerator = shift >= 0 ? x.units * pow10(shift) : x.units;
  const denominator = shift >= 0 ? y.units : y.units * pow10(-shift);
  return { units: divideUnits(numerator, denominator, mode), scale: places };
}

/** The text of a value with exactly `places` decimals (rounded half up when it has more). */
export function format(a: Dec | string, places = 2): string {
  const x = round(a, places, 'halfUp');
  const negative = x.units < 0n;
  const digits = (negative ? -x.units : x.units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places > 0 ? `.${digits.slice(digits.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Money as the wire carries it: two decimals. */
export const toMoney = (a: Dec | string): string => format(a, 2);
