import type { ErrorKey } from '../messages/translate';
import { checkIdCard, ID_CARD_SHAPE } from './id-card';
import { checkInteger, checkMoney, checkEmail, checkTenantId, DIGITS, EMAIL, MONEY, TENANT_ID } from './numbers';
import { checkMobile, checkPhone, LANDLINE, MOBILE } from './phone';
import { checkTemperature, TEMPERATURE, TEMPERATURE_MAX, TEMPERATURE_MIN } from './temperature';
import {
  CAMEL_NAME,
  checkCamelName,
  checkCodeName,
  checkDatabaseUrl,
  checkFolderName,
  checkPascalName,
  checkSqlName,
  checkUrlPath,
  CODE_NAME,
  DATABASE_URL,
  FOLDER_NAME,
  PASCAL_NAME,
  SQL_NAME,
  URL_PATH,
} from './names';

export { isCalendarDay, isTimeOfDay } from './calendar';
export { checkIdCard, idCardCheckChar, isProvinceCode } from './id-card';
export { checkPhone, checkMobile } from './phone';
export { checkTemperature, TEMPERATURE_MAX, TEMPERATURE_MIN } from './temperature';
export { evaluate, FLOW_EXPRESSION, isFlowCondition, isFlowTimer, type FlowTimerKind } from './flow-expressions';
export { checkInteger, checkMoney, checkRatio, checkEmail, checkTenantId, isBlank, valueText } from './numbers';
export { CAMEL_NAME, SQL_NAME } from './names';

export type ValidatorName =
  | 'idCard'
  | 'mobile'
  | 'phone'
  | 'integer'
  | 'money'
  | 'email'
  | 'tenantId'
  | 'databaseUrl'
  | 'sqlName'
  | 'camelName'
  | 'pascalName'
  | 'codeName'
  | 'folderName'
  | 'urlPath'
  | 'temperature';
export type Validator = (value: unknown) => ErrorKey | undefined;

/** Named checks, so entity definitions and the server can refer to a rule by a string. */
export const VALIDATORS: Record<ValidatorName, Validator> = {
  idCard: checkIdCard,
  mobile: checkMobile,
  phone: checkPhone,
  // Wrapped so a caller passing only the value gets the default messages.
  integer: (value) => checkInteger(value),
  money: checkMoney,
  email: checkEmail,
  tenantId: checkTenantId,
  temperature: checkTemperature,
  databaseUrl: checkDatabaseUrl,
  sqlName: checkSqlName,
  camelName: checkCamelName,
  pascalName: checkPascalName,
  codeName: checkCodeName,
  folderName: checkFolderName,
  urlPath: checkUrlPath,
};

/**
 * What each check accepts, as the API document states it: the checks' own
 * regular expressions (a value passes when one of `shapes` matches its trimmed
 * text), whether a number must be at least 0, and what no pattern can say.
 */
export const VALIDATOR_SHAPES: Record<ValidatorName, { shapes: RegExp[]; nonNegative?: boolean; note?: string }> = {
  idCard: {
    shapes: [ID_CARD_SHAPE],
    note: 'mainland identity number: province code, birth date and check character (GB 11643) are checked by the server',
  },
  mobile: { shapes: [MOBILE], note: 'a mainland mobile: 11 digits from 1' },
  phone: { shapes: [LANDLINE, MOBILE], note: 'a mainland mobile (11 digits from 1) or a landline with area code' },
  integer: { shapes: [DIGITS], nonNegative: true, note: 'digits only' },
  money: { shapes: [MONEY], nonNegative: true, note: 'at most two decimal places' },
  email: { shapes: [EMAIL] },
  tenantId: { shapes: [TENANT_ID], note: 'six digits' },
  temperature: {
    shapes: [TEMPERATURE],
    note: `a body temperature in degrees Celsius, ${TEMPERATURE_MIN} to ${TEMPERATURE_MAX}, at most one decimal`,
  },
  databaseUrl: {
    shapes: [DATABASE_URL],
    note: 'jdbc:postgresql://host[:port]/database[?…] or postgres://host[:port]/database[?…], without user or password',
  },
  sqlName: { shapes: [SQL_NAME], note: 'an unquoted PostgreSQL name (lower case), optionally schema.name' },
  camelName: { shapes: [CAMEL_NAME], note: 'lower camel case' },
  pascalName: { shapes: [PASCAL_NAME], note: 'upper camel case' },
  codeName: { shapes: [CODE_NAME], note: 'lower case, digits and underscores, from a letter' },
  folderName: { shapes: [FOLDER_NAME], note: 'lower case, digits and hyphens, from a letter' },
  urlPath: { shapes: [URL_PATH], note: 'segments after slashes, e.g. /system-property/notice' },
};
