import { LANGUAGES, type Language } from '@plotline/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../../lib/app-store.ts';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { id } from './locales/id.ts';
import { zh } from './locales/zh.ts';

const resources = {
  en: { translation: en },
  de: { translation: de },
  id: { translation: id },
  es: { translation: es },
  zh: { translation: zh },
  ar: { translation: ar },
} satisfies Record<Language, unknown>;

/**
 * Starts i18next in the stored language and keeps it in step with the store, so texts switch in
 * the same render as the direction and the theme. A key missing in a language falls back to English.
 */
export function initI18n(): void {
  void i18next.use(initReactI18next).init({
    resources,
    lng: useAppStore.getState().language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  useAppStore.subscribe((state, previous) => {
    if (state.language !== previous.language) void i18next.changeLanguage(state.language);
  });
}
