import type { SearchMode } from '../../define';

/**
 * What a data model's column (a prototype) may say about the field generated from it: its kind,
 * how the list searches it and which form control edits it. Kept beside the definitions because
 * they are the spine's own terms (define.ts), checked by the server and offered by the console
 * (dictionaries field_kind, query_type and form_control name them).
 */

/** The field kinds of the spine a generated field can have, and `decimal` (an exact measure: `decimal()`). */
export const PROPERTY_KINDS = ['text', 'int', 'long', 'money', 'decimal', 'date', 'datetime', 'json', 'bytes'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

export const QUERY_TYPES = ['equal', 'like', 'range'] as const satisfies ReadonlyArray<SearchMode>;
export type QueryType = (typeof QUERY_TYPES)[number];

export const FORM_CONTROLS = ['input', 'textarea', 'password', 'number', 'money', 'select', 'date', 'datetime'] as const;
export type FormControl = (typeof FORM_CONTROLS)[number];

/** The controls that can edit a kind; the first is the one the generic screen draws for it. */
export const CONTROLS_OF_KIND: Readonly<Record<PropertyKind, ReadonlyArray<FormControl>>> = {
  text: ['input', 'textarea', 'password', 'select'],
  int: ['number', 'select'],
  long: ['number'],
  money: ['money'],
  decimal: ['money', 'number'],
  date: ['date'],
  datetime: ['datetime'],
  // Neither is drawn by the generic form (json is left out, bytes never leave the server): shown as typed text at most.
  json: ['textarea'],
  bytes: ['input'],
};

/** How a kind can be searched: text by contains or equals, numbers and days by equals or a range. */
export const QUERIES_OF_KIND: Readonly<Record<PropertyKind, ReadonlyArray<QueryType>>> = {
  text: ['like', 'equal'],
  int: ['equal', 'range'],
  long: ['equal'],
  money: ['equal', 'range'],
  decimal: ['equal', 'range'],
  date: ['range', 'equal'],
  datetime: ['range', 'equal'],
  json: [],
  bytes: [],
};

/** Kinds whose values a dictionary can name (its keys are text or whole numbers). */
export const DICT_KINDS: ReadonlyArray<PropertyKind> = ['text', 'int'];

/** What gen-code generates: `console` the definitions, API module and screens; `api` no console code. */
export const GEN_SYSTEMS = ['console', 'api'] as const;
export type GenSystem = (typeof GEN_SYSTEMS)[number];
