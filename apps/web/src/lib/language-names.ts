import type { Language } from '@plotline/core';

/** Each language named in its own script, so a reader finds theirs whatever language is on. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  id: 'Bahasa Indonesia',
  es: 'Español',
  zh: '中文',
  ar: 'العربية',
};
