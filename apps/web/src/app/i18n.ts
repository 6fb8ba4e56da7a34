import { MESSAGES, type Locale } from '@property/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage';
import { APP } from './config';

export const LANGUAGES: Array<{ key: Locale; label: string }> = [
  { key: 'zh', label: '中文' },
  { key: 'en', label: 'English' },
];

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: MESSAGES.zh }, en: { translation: MESSAGES.en } },
  lng: storage.get<Locale>('language') ?? APP.defaultLanguage,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
});

export function setLanguage(locale: Locale): void {
  storage.set('language', locale);
  void i18n.changeLanguage(locale);
}

export default i18n;
