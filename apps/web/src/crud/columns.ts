import type { ProColumns } from '@ant-design/pro-components';
import {
  allFields,
  fieldLabel,
  translate,
  VALIDATORS,
  type EntityDef,
  type FieldDef,
  type FieldOptions,
  type Locale,
} from '@property/domain';
import type { Rule } from 'antd/es/form';
import { currentLocale } from '../app/i18n';
import { arrivedDictionaryOptions, dictionaryOptions, mayNameReferences, referenceOptions, type Choice } from './dictionaries';

export type Row = Record<string, unknown>;

/** A column's choices call that can also answer without waiting once its choices have arrived (`arrived`). */
export type ChoicesCall = (() => Promise<Choice[]>) & { arrived?: () => Choice[] | undefined };

/** A dictionary's choices, named in `locale`. */
const dictionaryCall = (code: string, locale: Locale): ChoicesCall =>
  Object.assign(() => dictionaryOptions(code, locale), { arrived: () => arrivedDictionaryOptions(code, locale) });

/** Fields the generic screen never shows: internal columns and references by id. */
const HIDDEN = new Set(['id', 'isDeleted', 'tenantId', 'createUser', 'createDept', 'updateUser', 'updateTime', 'status']);

/** Form rules from the definition: the same messages the server answers with, in the console's language. */
export function rulesOf(field: FieldDef, locale: Locale = currentLocale()): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: translate(locale, field.required) });
  const validator = field.validator ? VALIDATORS[field.validator] : undefined;
  if (validator) {
    rules.push({
      validator: async (_rule, value) => {
        if (value === undefined || value === null || value === '') return;
        const problem = validator(value);
        if (problem) throw new Error(translate(locale, field.invalid ?? problem));
      },
    });
  }
  return rules;
}

/**
 * Number inputs as wide as the others: antd's own width (90 px) cut the English placeholder to
 * "Please …". Areas and pressures are exact decimals like money, but not amounts: no currency sign.
 */
function numberProps(field: FieldDef): Record<string, unknown> {
  return { style: { width: '100%' }, ...(field.measure ? { moneySymbol: false, precision: 2 } : {}) };
}

function valueTypeOf(field: FieldDef): ProColumns<Row>['valueType'] {
  if (field.secret) return 'password';
  if (field.options) return field.options.tree ? 'treeSelect' : 'select';
  if (field.dict || field.choices) return 'select';
  switch (field.kind) {
    case 'int':
      return 'digit';
    case 'money':
      return 'money';
    case 'date':
      return 'date';
    case 'datetime':
      return 'dateTime';
    default:
      return 'text';
  }
}

const textOf = (value: unknown) => (value === null || value === undefined ? undefined : String(value));

const splitIds = (value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value);

/**
 * The choices call of a reference field, narrowed by `scope` (e.g. the header garden) and, once the field it
 * depends on has a value in the form, by that value (the houses of the chosen owner). Without that value
 * (a table's labels, the search form) it answers the field's whole list.
 */
export function choicesRequest(options: FieldOptions, scope: Record<string, string> = {}) {
  const narrowing = options.narrowedBy;
  return (params: Record<string, unknown> = {}) => {
    const value = narrowing ? params[narrowing.field] : undefined;
    if (!narrowing || value === undefined || value === null || value === '') return referenceOptions(options, scope);
    return referenceOptions(
      { ...options, from: narrowing.from ?? options.from },
      { ...scope, [narrowing.param ?? narrowing.field]: String(value) },
    );
  };
}

/**
 * An id field whose choices come from a call: a tree or a list. Several
 * choices travel joined by commas and come back split.
 */
function referenceProps(key: string, options: FieldOptions): Partial<ProColumns<Row>> {
  const multiple = !!options.multiple;
  return {
    request: choicesRequest(options),
    // The field it depends on reaches the choices call as a parameter (ProForm adds dependencies' values).
    ...(options.narrowedBy ? { dependencies: [options.narrowedBy.field] } : {}),
    fieldProps: options.tree
      ? {
          // Without `cascade`, picking a node picks that node only: a department does not bring its
          // sub-departments along. With it, checking a menu checks its pages and buttons too.
          multiple,
          ...(options.cascade ? { treeCheckable: true, showCheckedStrategy: 'SHOW_ALL' } : {}),
          treeDefaultExpandAll: true,
          fieldNames: { label: 'title', value: 'value' },
        }
      : { mode: multiple ? 'multiple' : undefined, showSearch: true, optionFilterProp: 'label' },
    ...(multiple
      ? {
          convertValue: splitIds,
          renderText: splitIds,
          transform: (value: unknown) => ({ [key]: Array.isArray(value) ? value.join(',') : value }),
        }
      : {}),
  };
}

/**
 * One ProColumns array from an entity definition drives the table, the search
 * form and the add/edit dialog: labels from the message modules, dictionary
 * options loaded from the server, the definition's rules and messages.
 */
export function columnsOf(entity: EntityDef, locale: Locale): ProColumns<Row>[] {
  const columns: ProColumns<Row>[] = [];
  for (const [key, field] of Object.entries(entity.fields)) {
    // A platform entity's own tenantId (the tenant screen) is data, not the owner column.
    const ownTenantId = key === 'tenantId' && entity.owner === 'platform';
    // A status with its own dictionary (an examination's 待审核/审核通过, a facility's state) is data, not the row flag.
    const ownStatus = key === 'status' && !!field.dict;
    if ((HIDDEN.has(key) && !ownTenantId && !ownStatus) || field.kind === 'json') continue;
    const isReference = field.kind === 'long' && !field.options;
    // A reference to rows the user may not read (a service clerk's repairs name houses and owners, whose lists stay
    // behind their menus: personal data) could only show raw ids and offer no choice: left out, unless required.
    const unnamed = !!field.options && !mayNameReferences(field.options);
    const valueType = valueTypeOf(field);
    columns.push({
      title: fieldLabel(locale, entity.name, key),
      dataIndex: key,
      valueType,
      hideInTable:
        field.secret || isReference || unnamed || (field.kind === 'text' && /remark|content|stack|params|data/i.test(key)),
      hideInSearch: !field.search || unnamed,
      // An id with nowhere to pick it from (a resident's app account) is linked elsewhere, never typed in.
      hideInForm: field.readOnly || isReference || (unnamed && !field.required),
      ...(unnamed ? { hideInDescriptions: true } : {}),
      // Long text is cut by the table's CSS, its whole value in the cell's title. (ProTable's own ellipsis
      // measures every cell in the browser to decide on a tooltip: a forced layout per cell on each render.)
      ...(field.kind === 'text'
        ? {
            ellipsis: { showTitle: false },
            ...(field.dict || field.options ? {} : { onCell: (row: Row) => ({ title: textOf(row[key]) }) }),
          }
        : {}),
      // The language is a parameter of the request, so the choices are named again when it changes.
      ...(field.dict ? { request: dictionaryCall(field.dict, locale), params: { locale } } : {}),
      ...(field.options ? referenceProps(key, field.options) : {}),
      ...(field.secret ? { hideInDescriptions: true } : {}),
      formItemProps: { rules: rulesOf(field, locale) },
      // A fixed list (a plate's province) is a picker of its values, searchable by typing one.
      ...(field.choices
        ? { fieldProps: { options: field.choices.map((v) => ({ label: v, value: v })), showSearch: true } }
        : field.maxLength
          ? { fieldProps: { maxLength: field.maxLength } }
          : {}),
      ...(valueType === 'digit' || valueType === 'money' ? { fieldProps: numberProps(field) } : {}),
    });
  }
  // The spec's default date filter: createTime between two times (createTime_dategt / createTime_datelt).
  columns.push({
    title: fieldLabel(locale, entity.name, 'createTime'),
    dataIndex: 'createTime',
    valueType: 'dateTime',
    hideInForm: true,
    hideInSearch: true,
    sorter: true,
  });
  columns.push({
    title: fieldLabel(locale, entity.name, 'createTime'),
    dataIndex: 'createTimeRange',
    valueType: 'dateTimeRange',
    hideInTable: true,
    hideInForm: true,
    hideInDescriptions: true,
    search: {
      transform: (value: [string, string]) => ({ createTime_dategt: value[0], createTime_datelt: value[1] }),
    },
  });
  return columns;
}

/**
 * What an add dialog starts with: the definition's default of each field the form shows (a choice preselected,
 * a number filled in), so the dialog shows what the server would store when the field is left alone.
 * References are left empty: their default (0, "no parent") names no row a picker could show.
 */
export function formDefaultsOf(entity: EntityDef, columns: ProColumns<Row>[]): Row {
  const defaults: Row = {};
  for (const column of columns) {
    if (column.hideInForm || typeof column.dataIndex !== 'string') continue;
    const field = entity.fields[column.dataIndex];
    if (field?.default === undefined || field.default === null || field.kind === 'long') continue;
    defaults[column.dataIndex] = field.default;
  }
  return defaults;
}

/** The list query: search values as filters (text as LIKE, others as equality), plus paging and sort. */
export function listQuery(
  entity: EntityDef,
  params: Record<string, unknown>,
  sort: Record<string, 'ascend' | 'descend' | null> = {},
): Record<string, unknown> {
  const fields = allFields(entity);
  const query: Record<string, unknown> = { current: params.current ?? 1, size: params.pageSize ?? 10 };
  for (const [key, value] of Object.entries(params)) {
    if (key === 'current' || key === 'pageSize' || value === undefined || value === '' || value === null) continue;
    if (key.includes('_')) query[key] = value;
    else if (fields[key]) query[fields[key].kind === 'text' ? `${key}_like` : `${key}_equal`] = value;
  }
  const ascs = Object.entries(sort)
    .filter(([, d]) => d === 'ascend')
    .map(([k]) => k);
  const descs = Object.entries(sort)
    .filter(([, d]) => d === 'descend')
    .map(([k]) => k);
  if (ascs.length) query.ascs = ascs.join(',');
  if (descs.length) query.descs = descs.join(',');
  return query;
}
