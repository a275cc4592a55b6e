import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type convertZhCN from './convert.zh-CN';
import digsigEn from './digsig.en';
import digsigZhCN from './digsig.zh-CN';
import en from './en';
import navEn from './nav.en';
import navZhCN from './nav.zh-CN';
import pdfsignEn from './pdfsign.en';
import pdfsignZhCN from './pdfsign.zh-CN';
import type trustZhCN from './trust.zh-CN';
import zhCN from './zh-CN';

export const LANGUAGES = [
  { code: 'zh-CN', label: '中文' },
  { code: 'en', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'zh-CN';
const STORAGE_KEY = 'lang';

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

function savedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(lng: string): void {
  document.documentElement.lang = lng;
}

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: { ...zhCN, ...navZhCN, ...pdfsignZhCN, ...digsigZhCN } },
    en: { translation: { ...en, ...navEn, ...pdfsignEn, ...digsigEn } },
  },
  lng: savedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  // React escapes text itself.
  interpolation: { escapeValue: false },
  // Resources are bundled, so init is synchronous and the first render already has text.
  initAsync: false,
});
applyLanguage(i18n.language);

/** Switches the language and remembers the choice. */
export function setLanguage(lng: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Private mode or storage disabled: the choice lasts for this visit only.
  }
  void i18n.changeLanguage(lng);
}

export default i18n;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The PDF tools' strings arrive with their code (convert.ts) but are typed here.
    resources: {
      translation: typeof zhCN &
        typeof navZhCN &
        typeof convertZhCN &
        typeof pdfsignZhCN &
        typeof trustZhCN &
        typeof digsigZhCN;
    };
  }
}
