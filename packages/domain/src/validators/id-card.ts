/**
 * Mainland resident identity number (GB 11643), checked in the order the spec lists the
 * messages so the user always sees the first problem, not a later one.
 */
import type { ErrorKey } from '../messages/translate';
import { isBlank, valueText } from './numbers';

export const ID_CARD_SHAPE = /^\d{17}[\dXx]$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];

/** Province-level codes: 11–15, 21–23, 31–37, 41–46, 50–54, 61–65, 71, 81, 82, 91. */
const PROVINCE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [11, 15],
  [21, 23],
  [31, 37],
  [41, 46],
  [50, 54],
  [61, 65],
  [71, 71],
  [81, 82],
  [91, 91],
];

export function isProvinceCode(code: number): boolean {
  return PROVINCE_RANGES.some(([low, high]) => code >= low && code <= high);
}

/** The check character for the first 17 digits (the caller guarantees they are digits). */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

export function checkIdCard(value: unknown): ErrorKey | undefined {
  if (isBlank(value)) return 'idCardEmpty';
  const text = valueText(value);
  if (text.length !== 18) return 'idCardLength';
  if (!ID_CARD_SHAPE.test(text)) return 'idCardFormat';
  if (!isProvinceCode(Number(text.slice(0, 2)))) return 'idCardRegion';
  // Lower-case x is a common typing variant of the X check character.
  if (idCardCheckChar(text) !== text[17].toUpperCase()) return 'idCardChecksum';
  return undefined;
}
