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
 * first caption; never empty, so every choice button has a name.
 */
export function captionOf(
  item: Pick<WatchItem, 'captions'>,
  languageId: number | null,
  primaryLanguageId: number | null,
  position: number,
): string {
  const { captions } = item;
  const text =
    (languageId !== null ? captions[String(languageId)] : undefined) ||
    (primaryLanguageId !== null ? captions[String(primaryLanguageId)] : undefined) ||
    Object.values(captions).find(Boolean);
  return text?.trim() || `Option ${position + 1}`;
}

/** Languages written right to left among the project's (core CONTENT_LANGUAGES): Arabic. */
const RIGHT_TO_LEFT = new Set(['ar']);

export function directionOf(language: Pick<WatchLanguage, 'code'> | null): 'rtl' | 'ltr' {
  return language && RIGHT_TO_LEFT.has(language.code) ? 'rtl' : 'ltr';
}
