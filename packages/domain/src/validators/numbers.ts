import type { ErrorKey } from '../messages/translate';

/**
 * Number-ish and small format checks (spec §5 "Other helpers", category/product sort and price).
 * Every check answers undefined when valid, else the key of the message to show beside the field.
 * Blank input is rejected too: callers only run a check on optional fields when a value was typed.
 */

/**
 * The value as text: form values arrive as strings, numbers from JSON are fine too. Anything
 * else is '', which no check accepts (an array's or object's text must never pass for a value).
 */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export const DIGITS = /^\d+$/;
export const MONEY = /^\d+(\.\d{1,2})?$/;
/** 0 to 1: "0", "0.35", "1", "1.00" — no leading zeros, nothing past 1. */
const RATIO = /^(0(\.\d+)?|1(\.0+)?)$/;
// Deliberately loose: one @, no spaces, a dot in the domain. Stricter checks reject real addresses.
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TENANT_ID = /^\d{6}$/;

/** Whether the value, as text, matches the whole pattern. */
function matches(pattern: RegExp, value: unknown): boolean {
  return pattern.test(valueText(value));
}

/** Digits only — the spec forbids a sign and a decimal point (sort orders, prices in cents). */
export function checkInteger(
  value: unknown,
  emptyMessage: ErrorKey = 'integerEmpty',
  invalidMessage: ErrorKey = 'integerInvalid',
): ErrorKey | undefined {
  if (isBlank(value)) return emptyMessage;
  return matches(DIGITS, value) ? undefined : invalidMessage;
}

/** A non-negative amount with at most two decimal places. */
export function checkMoney(value: unknown): ErrorKey | undefined {
  return matches(MONEY, value) ? undefined : 'moneyInvalid';
}

/** A ratio between 0 and 1 inclusive (e.g. "0", "0.35", "1", "1.00"). */
export function checkRatio(value: unknown): ErrorKey | undefined {
  return matches(RATIO, value) ? undefined : 'ratioInvalid';
}

export function checkEmail(value: unknown): ErrorKey | undefined {
  return matches(EMAIL, value) ? undefined : 'emailInvalid';
}

/** Tenant ids are six digits (the default tenant is 000000). */
export function checkTenantId(value: unknown): ErrorKey | undefined {
  return matches(TENANT_ID, value) ? undefined : 'tenantIdInvalid';
}
