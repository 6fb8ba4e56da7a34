/**
 * Number-ish and small format checks (spec §5 "Other helpers", category/product sort and price).
 * Every check answers undefined when valid, else the message to show beside the field.
 * Blank input is rejected too: callers only run a check on optional fields when a value was typed.
 */

/** Form values arrive as strings, but numbers from JSON are fine too; anything else is never valid. */
export function valueText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  return undefined;
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const DIGITS = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;
const DECIMAL = /^\d+(\.\d+)?$/;
// Deliberately loose: one @, no spaces, a dot in the domain. Stricter checks reject real addresses.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TENANT_ID = /^\d{6}$/;

/** Digits only — the spec forbids a sign and a decimal point (sort orders, prices in cents). */
export function checkInteger(
  value: unknown,
  emptyMessage = '请输入整数数字',
  invalidMessage = '请输入正确的整数数字!',
): string | undefined {
  if (isBlank(value)) return emptyMessage;
  const text = valueText(value);
  return text !== undefined && DIGITS.test(text) ? undefined : invalidMessage;
}

/** A non-negative amount with at most two decimal places. */
export function checkMoney(value: unknown): string | undefined {
  const text = valueText(value);
  return text !== undefined && MONEY.test(text) ? undefined : '请输入正确的金额,最多两位小数';
}

/** A ratio between 0 and 1 inclusive (e.g. "0", "0.35", "1", "1.00"). */
export function checkRatio(value: unknown): string | undefined {
  const text = valueText(value);
  const ok = text !== undefined && DECIMAL.test(text) && Number(text) <= 1;
  return ok ? undefined : '请输入0到1之间的数值';
}

export function checkEmail(value: unknown): string | undefined {
  const text = valueText(value);
  return text !== undefined && EMAIL.test(text) ? undefined : '邮箱格式不正确';
}

/** Tenant ids are six digits (the default tenant is 000000). */
export function checkTenantId(value: unknown): string | undefined {
  const text = valueText(value);
  return text !== undefined && TENANT_ID.test(text) ? undefined : '租户ID格式错误';
}
