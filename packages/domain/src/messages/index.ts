import { en } from './en';
import type { Locale } from './translate';
import { zh } from './zh';

export { zh } from './zh';
export { en } from './en';

export type Messages = typeof zh;

export const MESSAGES = { zh, en };
export { isErrorKey, localeOf, translate, type ErrorKey, type Locale, type MessageParams, type Problem } from './translate';

type FieldLabels = Record<string, Record<string, string> | undefined>;

/** The label of an entity's field: its own, else the common columns', else the key itself. */
export function fieldLabel(locale: Locale, entity: string, field: string): string {
  const fields = MESSAGES[locale].fields as unknown as FieldLabels;
  const own = Object.hasOwn(fields, entity) ? fields[entity] : undefined;
  if (own && Object.hasOwn(own, field)) return own[field] as string;
  if (fields.common && Object.hasOwn(fields.common, field)) return fields.common[field] as string;
  return field;
}

export { MENU_NAMES_EN, menuName } from './menu-names';
export { DICT_LABELS_EN, dictLabel } from './dictionaries-en';

export { LANGUAGE_NAMES } from './languages';
