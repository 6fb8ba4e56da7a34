import { compare, dec, format, neg } from './decimal';

/*
 * The amount in Chinese capital numerals (大写金额) as receipts print it:
 * 123.45 → 壹佰贰拾叁元肆角伍分. These characters are a way of writing numbers
 * on financial documents (like digits), not a message, so they live here.
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const GROUP_UNITS = ['', '万', '亿', '万亿'];
const YUAN = '元';
const JIAO = '角';
const FEN = '分';
const WHOLE = '整';
const NEGATIVE = '负';

/** One group of four digits (0–9999), without its group unit; zeros inside collapse to one 零, trailing ones vanish. */
function group(n: number): string {
  const digits = String(n).padStart(4, '0').split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((d, i) => {
    if (d === 0) {
      zero = out !== '';
      return;
    }
    if (zero) out += DIGITS[0];
    zero = false;
    out += DIGITS[d]! + SMALL_UNITS[3 - i];
  });
  return out;
}

function integerPart(whole: bigint): string {
  if (whole === 0n) return '';
  const groups: number[] = [];
  for (let n = whole; n > 0n; n /= 10000n) groups.push(Number(n % 10000n));
  if (groups.length > GROUP_UNITS.length) throw new RangeError('amount too large');
  let out = '';
  let pendingZero = false;
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const g = groups[i]!;
    if (g === 0) {
      pendingZero = out !== '';
      continue;
    }
    // A group below 1000 after a higher non-zero group reads with 零 (壹万零伍); so does one after an empty group.
    if (out !== '' && (pendingZero || g < 1000)) out += DIGITS[0];
    pendingZero = false;
    out += group(g) + GROUP_UNITS[i];
  }
  return out;
}

/** 壹佰贰拾叁元肆角伍分 for "123.45"; 零元整 for zero; 负 before a negative amount. Rounds to fen (half up). */
export function capitalAmount(amount: string): string {
  if (compare(amount, '0') < 0) return NEGATIVE + capitalAmount(format(neg(amount), 2));
  const [wholeText, fractionText] = format(dec(amount), 2).split('.') as [string, string];
  const whole = BigInt(wholeText);
  const [jiao, fen] = [Number(fractionText[0]), Number(fractionText[1])];
  const yuan = integerPart(whole);
  if (jiao === 0 && fen === 0) return `${yuan || DIGITS[0]}${YUAN}${WHOLE}`;
  let out = yuan ? yuan + YUAN : '';
  if (jiao > 0) out += DIGITS[jiao]! + JIAO;
  else if (yuan) out += DIGITS[0];
  if (fen > 0) out += DIGITS[fen]! + FEN;
  return out;
}
