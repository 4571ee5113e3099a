/** An ILIKE pattern matching `text` anywhere: `%`, `_` and `\` typed by a user match literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
