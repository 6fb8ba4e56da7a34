import { checkIdCard } from './id-card';
import { checkInteger, checkMoney, checkEmail, checkTenantId } from './numbers';
import { checkPhone } from './phone';

export { checkIdCard, idCardCheckChar, isProvinceCode } from './id-card';
export { checkPhone, checkMobile } from './phone';
export { checkInteger, checkMoney, checkRatio, checkEmail, checkTenantId, isBlank, valueText } from './numbers';

export type ValidatorName = 'idCard' | 'phone' | 'integer' | 'money' | 'email' | 'tenantId';
export type Validator = (value: unknown) => string | undefined;

/** Named checks, so entity definitions and the server can refer to a rule by a string. */
export const VALIDATORS: Record<ValidatorName, Validator> = {
  idCard: checkIdCard,
  phone: checkPhone,
  // Wrapped so a caller passing only the value gets the default messages.
  integer: (value) => checkInteger(value),
  money: checkMoney,
  email: checkEmail,
  tenantId: checkTenantId,
};
