import { LANGUAGE_NAMES, zh, type ErrorKey, type Locale, type MessageParams } from '@property/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage';
import { APP } from './config';

export const LANGUAGES: Array<{ key: Locale; label: string }> = (['zh', 'en'] as const).map((key) => ({
  key,
  label: LANGUAGE_NAMES[key],
}));

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh } },
  lng: 'zh',
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
});

/**
 * English is fetched when it is chosen, so the sign-in page carries one language's messages (its
 * JavaScript budget, docs/benchmarks.md). Bundles added by screens before it arrives are kept.
 */
let english: Promise<void> | undefined;
function loadEnglish(): Promise<void> {
  english ??= import('./messages-en').then(({ en }) => {
    i18n.addResourceBundle('en', 'translation', en, true, false);
  });
  return english;
}

async function use(locale: Locale): Promise<void> {
  if (locale === 'en') await loadEnglish();
  await i18n.changeLanguage(locale);
}

/** The stored language, in place before the first render (main.tsx waits for it). */
export const languageReady: Promise<void> = use(storage.get<Locale>('language') ?? APP.defaultLanguage).catch(() => undefined);

export function setLanguage(locale: Locale): Promise<void> {
  storage.set('language', locale);
  return use(locale);
}

/** The console's language now. */
export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'zh');

/** A message of the `errors` section (a validation message, a definition's `required`) in the console's language. */
export const errorText = (key: ErrorKey, params?: MessageParams): string => i18n.t(`errors.${key}`, { ...params });

export default i18n;
