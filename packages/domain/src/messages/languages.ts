import type { Locale } from './translate';

/**
 * Each language named in itself, as a language switch offers them whatever language is on. A module
 * of its own: the sign-in page imports it without the modules that hold every message.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = { zh: '中文', en: 'English' };
