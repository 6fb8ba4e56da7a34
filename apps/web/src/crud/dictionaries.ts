import { dictLabel, ENTITIES, type DictItem, type EntityDef, type FieldOptions, type Locale } from '@property/domain';
import { api, RequestError } from '../app/http';
import { currentLocale } from '../app/i18n';
import { mayReadList } from '../app/permissions';

/** An entry as the console shows it: its key and its label in the console's language (never null). */
export type DictLabel = Pick<DictItem, 'dictKey'> & { dictValue: string };

const cache = new Map<string, Promise<DictItem[]>>();
/** The entries of the dictionaries that have arrived: a screen's first render names its cells with them. */
const arrived = new Map<string, DictItem[]>();

/**
 * Entries of a dictionary, loaded from the server when a screen needs them
 * (never a static list that goes stale), shared by every column of a page.
 * A code the system dictionaries do not have is a business dictionary of the
 * tenant (house_type, relation_type...), read from dict-biz.
 */
export function loadDictionary(code: string): Promise<DictItem[]> {
  const cached = cache.get(code);
  if (cached) return cached;
  // A load the cache no longer holds (cleared while it was on its way: a refresh of the screen) neither records
  // its late answer as arrived nor, failing, drops the load that replaced it.
  const current = () => cache.get(code) === entries;
  const entries: Promise<DictItem[]> = api
    .get<DictItem[]>('/blade-system/dict/dictionary', { code })
    .then((system) => (system.length > 0 ? system : api.get<DictItem[]>('/blade-system/dict-biz/dictionary', { code })))
    .then((items) => {
      if (current()) arrived.set(code, items);
      return items;
    })
    .catch((error: unknown) => {
      if (current()) cache.delete(code);
      throw error;
    });
  cache.set(code, entries);
  return entries;
}

/**
 * The entries of a dictionary named in the console's language (seeded entries in English by code and key);
 * an entry without a value (the column is nullable) shows its key.
 */
export async function dictionaryLabels(code: string, locale: Locale = currentLocale()): Promise<DictLabel[]> {
  return labelsOf(code, await loadDictionary(code), locale);
}

const labelsOf = (code: string, items: DictItem[], locale: Locale): DictLabel[] =>
  items.map((i) => ({ dictKey: i.dictKey, dictValue: dictLabel(locale, code, i.dictKey, i.dictValue ?? i.dictKey) }));

export type Choice = { label: string; value: string | number };

const choicesOf = (labels: DictLabel[]): Choice[] =>
  labels.map((i) => ({ label: i.dictValue, value: /^-?\d+$/.test(i.dictKey) ? Number(i.dictKey) : i.dictKey }));

export async function dictionaryOptions(code: string, locale: Locale = currentLocale()): Promise<Choice[]> {
  return choicesOf(await dictionaryLabels(code, locale));
}

/** The choices of a dictionary that has arrived already (loadDictionary), else undefined: read without waiting. */
export function arrivedDictionaryOptions(code: string, locale: Locale = currentLocale()): Choice[] | undefined {
  const items = arrived.get(code);
  return items && choicesOf(labelsOf(code, items, locale));
}

export function clearDictionaries(): void {
  cache.clear();
  arrived.clear();
}

/** The server's largest page: a picker fed by a paged list gets every row, not the list's first 10. */
const PICKER_PAGE = '1000';

/** The entity a reference field's choices are rows of, found by the list's address. */
export function sourceOf(from: string): EntityDef | undefined {
  const path = from.split('?')[0] ?? '';
  return ENTITIES.find((e) => path.startsWith(`${e.base}/`));
}

/**
 * The entity whose generic list (or page) the address is: those need its menu, or a reference read's (the server's
 * rule, mirrored). Picker calls (trees, selects, searches) serve other screens by rules of their own: undefined.
 */
function listedBy(path: string): EntityDef | undefined {
  return ENTITIES.find((e) => path === `${e.base}/list` || path === `${e.base}/page`);
}

/** Whether the user may read the rows a reference field names (false: its choices are never asked, its ids unnamed). */
export function mayNameReferences(options: FieldOptions): boolean {
  return mayReadList(listedBy(options.from.split('?')[0] ?? ''));
}

/**
 * Choices of a reference field: tree nodes as they come, list rows as { label, value: id }.
 * `scope` narrows the call (e.g. to the header garden).
 */
export async function referenceOptions(
  options: FieldOptions,
  scope: Record<string, string> = {},
): Promise<Array<Record<string, unknown>>> {
  const [path = '', search] = options.from.split('?');
  // Without a size a paged list answers its first page only, and the rows past it would show raw ids.
  const paged = !options.tree && /\/(list|page)$/.test(path) ? { size: PICKER_PAGE } : {};
  const params = { ...paged, ...Object.fromEntries(new URLSearchParams(search ?? '')), ...scope };
  type Row = Record<string, unknown>;
  // A list the user may not read (a service clerk without the house or owner menus) is not asked: no refused call.
  if (!mayReadList(listedBy(path))) return [];
  // Should the server still refuse it (grants changed meanwhile), it offers nothing, quietly: a screen's pickers and labels are no reason for an error toast on every visit.
  const answer = await api.get<Row[] | { records: Row[] }>(path, params, { quietCodes: [403] }).catch((error: unknown) => {
    if (error instanceof RequestError && error.code === 403) return [] as Row[];
    throw error;
  });
  if (options.tree) return answer as Row[]; // already { title, value, children }
  const rows = Array.isArray(answer) ? answer : answer.records;
  const labelOf = (row: Row) =>
    Array.isArray(options.label)
      ? options.label.map((key) => row[key] ?? '').join('')
      : String(row[options.label ?? 'title'] ?? row.name ?? row.id);
  return rows.map((row) => ({ label: labelOf(row), value: String(row.id) }));
}
