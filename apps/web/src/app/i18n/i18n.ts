import { LANGUAGES, type Language } from '@plotline/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../../lib/app-store.ts';
import { en, type Translation } from './locales/en.ts';

/**
 * The other languages, each its own chunk, fetched when it is first chosen: a visitor downloads
 * English (the fallback, always there) and at most the one language they use.
 */
const LOCALES: Record<Exclude<Language, 'en'>, () => Promise<Translation>> = {
  de: () => import('./locales/de.ts').then((module) => module.de),
  id: () => import('./locales/id.ts').then((module) => module.id),
  es: () => import('./locales/es.ts').then((module) => module.es),
  zh: () => import('./locales/zh.ts').then((module) => module.zh),
  ar: () => import('./locales/ar.ts').then((module) => module.ar),
};

/**
 * Switches i18next to `language` once its texts are loaded, unless another language was chosen
 * meanwhile (a slower chunk must not win over a later choice).
 */
async function switchTo(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await LOCALES[language]());
  }
  if (useAppStore.getState().language === language) await i18next.changeLanguage(language);
}

/**
 * Starts i18next in English and keeps it in step with the store's language, loading each other
 * language's texts the first time it is chosen. Resolves once the stored language's texts are in,
 * so the first render is already in that language. The page's language and direction follow
 * i18next (AppProviders), so they switch in the same render as the texts. A key missing in a
 * language falls back to English.
 */
export function initI18n(): Promise<void> {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  useAppStore.subscribe((state, previous) => {
    if (state.language !== previous.language) void switchTo(state.language);
  });
  return switchTo(useAppStore.getState().language);
}
