/**
 * Phone numbers. Two rules, chosen per field:
 * - checkMobile: a mainland mobile (11 digits starting with 1), the spec's
 *   three messages (§5) — for people the product texts or signs in by phone
 *   (owners, family, lessees, residents' accounts, staff);
 * - checkPhone: a mobile or a landline (area code with its leading 0, an
 *   optional dash, 7–8 digits: 010-12345678, 0755-1234567) — for contact
 *   numbers of places (a garden's 联系电话, a club's 预约电话, stewards), with
 *   one message that says both are accepted.
 */
import type { ErrorKey } from '../messages/translate';
import { isBlank, valueText } from './numbers';

export const MOBILE = /^1\d{10}$/;
export const LANDLINE = /^0\d{2,3}-?\d{7,8}$/;

export function checkMobile(value: unknown): ErrorKey | undefined {
  if (isBlank(value)) return 'phoneEmpty';
  const text = valueText(value);
  if (text.length !== 11) return 'phoneLength';
  if (!MOBILE.test(text)) return 'phoneFormat';
  return undefined;
}

export function checkPhone(value: unknown): ErrorKey | undefined {
  if (isBlank(value)) return 'contactPhoneEmpty';
  const text = valueText(value);
  if (!(MOBILE.test(text) || LANDLINE.test(text))) return 'contactPhoneInvalid';
  return undefined;
}
