import { errorsEn } from './errors-en';
import { errorsZh } from './errors-zh';

export type Locale = 'zh' | 'en';

/** A message the server sends or a form shows: a key of the `errors` section. */
export type ErrorKey = keyof typeof errorsZh;

/** A value whose words differ by language (an entity's name): the message takes the one of its own language. */
export type LocalizedText = Readonly<Record<Locale, string>>;

/** Values put into a message's `{{name}}` places; a list is joined as the language joins lists. */
export type MessageParams = Readonly<Record<string, string | number | LocalizedText | ReadonlyArray<string | number>>>;

/** A message not yet rendered: what a check answers when its words need values (a limit, a name). */
export interface Problem {
  key: ErrorKey;
  params?: MessageParams;
}

const ERRORS: Record<Locale, Record<ErrorKey, string>> = { zh: errorsZh, en: errorsEn };
const LIST_SEPARATOR: Record<Locale, string> = { zh: '、', en: ', ' };
const PLACE = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The message of `key` in `locale` with its `{{name}}` places filled. A place
 * without a value stays as written, so a missing parameter shows rather than
 * vanishing.
 */
export function translate(locale: Locale, key: ErrorKey, params?: MessageParams): string {
  const text = ERRORS[locale][key] ?? ERRORS.zh[key] ?? key;
  if (!params) return text;
  return text.replace(PLACE, (place, name: string) => {
    const value = params[name];
    if (value === undefined) return place;
    if (Array.isArray(value)) return value.join(LIST_SEPARATOR[locale]);
    return typeof value === 'object' ? (value as LocalizedText)[locale] : String(value);
  });
}

/** True when `value` names a message (a key of `errors`). */
export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(errorsZh, value);
}

/**
 * The language to answer in, from an Accept-Language header: English when the
 * header prefers it to Chinese (by order and q-values, `en`, `en-US`, ...),
 * Chinese otherwise — also when the header is absent, so clients written for
 * the spec keep seeing the spec's words.
 */
export function localeOf(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'zh';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...options] = part.trim().toLowerCase().split(';');
    const locale = tag === 'en' || tag.startsWith('en-') ? 'en' : tag === 'zh' || tag.startsWith('zh-') ? 'zh' : undefined;
    if (!locale) continue;
    const qOption = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
    const q = qOption === undefined ? 1 : Number(qOption.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    // Equal weights: the one listed first wins, as the header's order says.
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? 'zh';
}
