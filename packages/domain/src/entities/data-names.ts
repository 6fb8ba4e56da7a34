/**
 * Words that are data, not messages: names the product gives to rows it
 * makes, values it stores and the examples of a data template. They stay
 * Chinese in every language, as the rows people type do (a garden named
 * 阳光花园 is 阳光花园 in the English console too). Kept in this one file so
 * that the test refusing Han-character literals in code (messages belong in
 * messages/) can allow exactly this place.
 */

/** Province-level abbreviations that start a mainland plate (京 A 12345). */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

/**
 * The kinds of people living in houses (the owner_type dictionary, seeded from this): the residents
 * list answers each person with one of these keys and its name.
 */
export const RESIDENT_TYPES: Readonly<Record<number, string>> = { 1: '业主', 2: '家属', 3: '租户' };

/** The name of the n-th unit (from 1) a building batch creates. */
export const batchUnitName = (n: number) => `${n}单元`;

/** The example row of the house import template: values as a person types them (dictionary values by name). */
export const HOUSE_IMPORT_EXAMPLE = {
  gardenName: '阳光花园',
  buildingName: '1栋',
  unitName: '1单元',
  houseType: '住宅',
  houseStatus: '自住',
} as const;

/** The role and the user a new tenant starts with are both named this (its administrator). */
export const NEW_TENANT_ADMIN_NAME = '管理员';

/** The example rows of the billing import templates (meter readings, ad-hoc fees). */
export const BILL_IMPORT_EXAMPLE = {
  houseName: '1栋1单元0101',
  meterItem: '水费',
  adhocItem: '装修垃圾清运费',
  remark: '装修垃圾清运',
} as const;

/** The name of a code generation record's copy (code/copy): the record's name marked, so the list tells them apart. */
export const copyName = (name: string) => `${name}(副本)`;
