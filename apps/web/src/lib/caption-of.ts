import type { MovieContentStatus } from '@plotline/core';

/** The caption a viewer would see for an item: in `languageId` when it has one, else its first. */
export function captionOf(item: MovieContentStatus, languageId: number | null): string {
  const chosen = item.lang.find((language) => language.language_id === languageId);
  return (chosen ?? item.lang.find((language) => language.caption))?.caption ?? '';
}
