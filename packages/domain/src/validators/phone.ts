/**
 * Phone numbers: mainland mobiles (11 digits starting with 1); checkPhone also takes the
 * landline form the spec allows (area code with leading 0, optional dash, 7–8 digits).
 */
import { isBlank, valueText } from './numbers';

const MOBILE = /^1[0-9]{10}$/;
const LANDLINE = /^0\d{2,3}-?\d{7,8}$/;

export function checkMobile(value: unknown): string | undefined {
  if (isBlank(value)) return '手机号码不能为空';
  const text = valueText(value) ?? '';
  if (text.length !== 11) return '手机号码长度不为11位';
  if (!MOBILE.test(text)) return '手机号码格式不正确';
  return undefined;
}

export function checkPhone(value: unknown): string | undefined {
  // Landlines are tested first: many are 11 or 12 characters and would trip the mobile messages.
  const text = valueText(value);
  if (text !== undefined && LANDLINE.test(text)) return undefined;
  return checkMobile(value);
}
