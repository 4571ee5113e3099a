export const MAX_SEARCH_SUGGESTIONS = 5;

export interface Searchable {
  name: string;
}

/** Header search: up to five entries whose name contains the typed text, case-insensitive and trimmed. */
export function suggestEntries<T extends Searchable>(entries: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return entries
    .filter((entry) => entry.name.toLowerCase().includes(needle))
    .slice(0, MAX_SEARCH_SUGGESTIONS);
}
