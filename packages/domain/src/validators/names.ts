import type { ErrorKey } from '../messages/translate';
import { valueText } from './numbers';

/**
 * Shapes of the names the development tools take (data sources, data models, code generation): a
 * database address, SQL names, the names code is written with. Each check answers undefined when
 * the value fits, else the key of its message; blank values are the field's `required` concern.
 */

/**
 * A PostgreSQL address as JDBC or libpq write it: `jdbc:postgresql://host[:port]/database[?…]` or
 * `postgres[ql]://host[:port]/database[?…]`. No user or password inside it (they are fields of
 * their own, the password a secret never answered, which an address is not), nor as a parameter.
 */
export const DATABASE_URL =
  /^(?![^?#]*\?(?:[^#]*&)?password=)(?:jdbc:postgresql|postgresql|postgres):\/\/[^\s/?#@]+(?:\/[^\s/?#]*)?(?:\?[^\s#]*)?$/;
/**
 * A table or column name as PostgreSQL keeps an unquoted one (lower case), optionally with its
 * schema: generated code writes it without quotes.
 */
export const SQL_NAME = /^(?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*$/;
/** A field (property) or entity name: lower camel case, as the definitions' keys are. */
export const CAMEL_NAME = /^[a-z][a-zA-Z0-9]*$/;
/** A class name: upper camel case. */
export const PASCAL_NAME = /^[A-Z][a-zA-Z0-9]*$/;
/** A menu, permission or dictionary code: lower case words joined by underscores. */
export const CODE_NAME = /^[a-z][a-z0-9_]*$/;
/** A folder of the repository (a module's): lower case words joined by hyphens. */
export const FOLDER_NAME = /^[a-z][a-z0-9-]*$/;
/** An API base or a menu's address: segments after slashes, no trailing slash. */
export const URL_PATH = /^(?:\/[A-Za-z0-9][A-Za-z0-9_-]*)+$/;

const fits = (pattern: RegExp, value: unknown) => pattern.test(valueText(value));

export const checkDatabaseUrl = (value: unknown): ErrorKey | undefined =>
  fits(DATABASE_URL, value) ? undefined : 'databaseUrlInvalid';
export const checkSqlName = (value: unknown): ErrorKey | undefined => (fits(SQL_NAME, value) ? undefined : 'sqlNameInvalid');
export const checkCamelName = (value: unknown): ErrorKey | undefined =>
  fits(CAMEL_NAME, value) ? undefined : 'camelNameInvalid';
export const checkPascalName = (value: unknown): ErrorKey | undefined =>
  fits(PASCAL_NAME, value) ? undefined : 'pascalNameInvalid';
export const checkCodeName = (value: unknown): ErrorKey | undefined => (fits(CODE_NAME, value) ? undefined : 'codeNameInvalid');
export const checkFolderName = (value: unknown): ErrorKey | undefined =>
  fits(FOLDER_NAME, value) ? undefined : 'folderNameInvalid';
export const checkUrlPath = (value: unknown): ErrorKey | undefined => (fits(URL_PATH, value) ? undefined : 'urlPathInvalid');
