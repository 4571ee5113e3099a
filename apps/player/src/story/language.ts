import type { WatchData } from '@plotline/core';
import type { WatchItem } from './story.ts';

export type WatchLanguage = WatchData['languages'][number];

/**
 * The language the player starts in: the project's primary language, else the first of the
 * browser's languages the project has (`ar-EG` counts as `ar`), else the project's first.
 */
export function pickLanguage(
  data: Pick<WatchData, 'languages' | 'primary_language_id'>,
  browserLanguages: readonly string[],
): WatchLanguage | null {
  const primary = data.languages.find(
    (language) => language.language_id === data.primary_language_id,
  );
  if (primary) return primary;
  for (const tag of browserLanguages) {
    const code = tag.toLowerCase().split('-')[0];
    const match = data.languages.find((language) => language.code === code);
    if (match) return match;
  }
  return data.languages[0] ?? null;
}

/**
 * An option's label: the item's caption in `languageId`, else in the primary language, else its
 * first caption, else `fallback` ('Option 2'); never empty, so every choice button has a name.
 */
export function captionOf(
  item: Pick<WatchItem, 'captions'>,
  languageId: number | null,
  primaryLanguageId: number | null,
  fallback: string,
): string {
  const { captions } = item;
  const text =
    (languageId !== null ? captions[String(languageId)] : undefined) ||
    (primaryLanguageId !== null ? captions[String(primaryLanguageId)] : undefined) ||
    Object.values(captions).find(Boolean);
  return text?.trim() || fallback;
}

/**
 * A language's name in itself ('العربية', 'Deutsch'), as language menus show them: each viewer
 * finds their own whatever the page's language. The project's (English) name where the browser
 * knows none.
 */
export function ownName(language: Pick<WatchLanguage, 'code' | 'name'>): string {
  try {
    const name = new Intl.DisplayNames([language.code], { type: 'language' }).of(language.code);
    if (name && name !== language.code)
      return name.charAt(0).toLocaleUpperCase(language.code) + name.slice(1);
  } catch {
    // An older browser, or a code it does not know.
  }
  return language.name;
}

/** Languages written right to left among the project's (core CONTENT_LANGUAGES): Arabic. */
const RIGHT_TO_LEFT = new Set(['ar']);

export function directionOf(language: Pick<WatchLanguage, 'code'> | null): 'rtl' | 'ltr' {
  return language && RIGHT_TO_LEFT.has(language.code) ? 'rtl' : 'ltr';
}
