import { en } from './en';
import { zh } from './zh';

export { zh } from './zh';
export { en } from './en';

export type Messages = typeof zh;
export type Locale = 'zh' | 'en';

export const MESSAGES = { zh, en };

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
