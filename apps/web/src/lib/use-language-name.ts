import { CONTENT_LANGUAGES } from '@plotline/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names a caption language in the studio's language ("Englisch" on a German page), from its code;
 * the server's English name, or the id, when the browser cannot name it.
 */
export function useLanguageName(): (languageId: number, fallback?: string) => string {
  const { i18n } = useTranslation();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'language' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  return useCallback(
    (languageId, fallback) => {
      const known = CONTENT_LANGUAGES.find((language) => language.language_id === languageId);
      return (
        (known && names?.of(known.code)) ?? fallback ?? known?.name ?? `#${String(languageId)}`
      );
    },
    [names],
  );
}
