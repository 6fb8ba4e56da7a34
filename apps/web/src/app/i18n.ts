import { LANGUAGE_NAMES, zh, type ErrorKey, type Locale, type MessageParams } from '@property/domain';
import { useSyncExternalStore } from 'react';
import { storage } from './storage';
import { APP } from './config';

/**
 * The console's messages in the chosen language: nested bundles looked up by dotted keys
 * (`common.save`) with `{{name}}` places filled, Chinese where a language lacks a key, the key
 * itself where both do. Small on purpose: the sign-in page carries it (its JavaScript budget,
 * docs/benchmarks.md), and the console needs no more than lookup and places.
 */
export const LANGUAGES: Array<{ key: Locale; label: string }> = (['zh', 'en'] as const).map((key) => ({
  key,
  label: LANGUAGE_NAMES[key],
}));

interface Bundle {
  [key: string]: string | Bundle;
}

/** Values for a message's places; a list is joined as the language joins lists. */
export type TranslateParams = Record<string, unknown>;
/** A message by key in one language. */
export type Translate = (key: string, params?: TranslateParams) => string;

const bundles: Record<Locale, Bundle> = { zh: structuredClone(zh) as unknown as Bundle, en: {} };
const LIST_SEPARATOR: Record<Locale, string> = { zh: '、', en: ', ' };
const PLACE = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(bundle: Bundle, key: string): string | undefined {
  let node: string | Bundle | undefined = bundle;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function translator(locale: Locale): Translate {
  return (key, params) => {
    const text = lookup(bundles[locale], key) ?? lookup(bundles.zh, key) ?? key;
    if (!params) return text;
    // A place without a value stays as written, so a missing parameter shows rather than vanishing.
    return text.replace(PLACE, (place, name: string) => {
      const value = params[name];
      if (value === undefined || value === null) return place;
      return Array.isArray(value) ? value.join(LIST_SEPARATOR[locale]) : String(value);
    });
  };
}

// One function per language, so a memo that depends on `t` is redone when the language changes.
const TRANSLATORS: Record<Locale, Translate> = { zh: translator('zh'), en: translator('en') };

let language: Locale = 'zh';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Adds `source` into `target`, keeping what `target` has unless `overwrite`. */
function merge(target: Bundle, source: Bundle, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const present = target[key];
    if (typeof value !== 'string' && present && typeof present !== 'string') merge(present, value, overwrite);
    else if (overwrite || present === undefined) target[key] = typeof value === 'string' ? value : structuredClone(value);
  }
}

/** The console's language and its messages, for code outside components (toasts, confirmations). */
const i18n = {
  get language(): Locale {
    return language;
  },
  t: ((key, params) => TRANSLATORS[language](key, params)) as Translate,
  /** Switches the language; every component using useTranslation renders again. */
  changeLanguage(locale: Locale): void {
    if (locale === language) return;
    language = locale;
    listeners.forEach((listener) => listener());
  },
  /** Messages a module brings along when it loads (its own section), kept beside the console's. */
  addMessages(locale: Locale, messages: Record<string, unknown>, overwrite = false): void {
    merge(bundles[locale], messages as Bundle, overwrite);
  },
};

/** The messages in the console's language, rendering again when it changes. */
export function useTranslation(): { t: Translate; i18n: typeof i18n } {
  const locale = useSyncExternalStore(subscribe, () => language);
  return { t: TRANSLATORS[locale], i18n };
}

/**
 * English is fetched when it is chosen, so the sign-in page carries one language's messages (its
 * JavaScript budget, docs/benchmarks.md). Messages added by screens before it arrives are kept.
 */
let english: Promise<void> | undefined;
function loadEnglish(): Promise<void> {
  english ??= import('./messages-en').then(({ en }) => i18n.addMessages('en', en as unknown as Record<string, unknown>));
  return english;
}

/** The language chosen, set at once: calls made while its messages load already ask the server in it. */
let requested: Locale = 'zh';

async function use(locale: Locale): Promise<void> {
  requested = locale;
  if (locale === 'en') {
    await loadEnglish().catch((error: unknown) => {
      requested = language;
      throw error;
    });
  }
  i18n.changeLanguage(locale);
}

/** The stored language, in place before the first render (main.tsx waits for it). */
export const languageReady: Promise<void> = use(storage.get<Locale>('language') ?? APP.defaultLanguage).catch(() => undefined);

export function setLanguage(locale: Locale): Promise<void> {
  storage.set('language', locale);
  return use(locale);
}

/** The language the server answers in: the one chosen, even while its messages are still loading. */
export const requestLocale = (): Locale => requested;

/** The console's language now. */
export const currentLocale = (): Locale => language;

/** A message of the `errors` section (a validation message, a definition's `required`) in the console's language. */
export const errorText = (key: ErrorKey, params?: MessageParams): string => i18n.t(`errors.${key}`, { ...params });

export default i18n;
