/** The public pages outside the studio: the operator's terms and the coming-soon page's news list. */

/** The longest address a mail system delivers to (RFC 5321's path limit less its brackets). */
export const NEWS_SIGNUP_EMAIL_MAX = 254;

export const NEWS_SIGNUP_SORTABLE = ['email', 'language', 'created_at'] as const;

/**
 * A cell of the news list's CSV as a spreadsheet reads it safely: quoted, inner quotes doubled,
 * and a leading `=`, `+`, `-` or `@` (which an address may start with) kept from being a formula.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}
