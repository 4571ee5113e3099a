/** The public pages outside the studio: the operator's terms and the coming-soon page's news list. */

/** The longest address a mail system delivers to (RFC 5321's path limit less its brackets). */
export const NEWS_SIGNUP_EMAIL_MAX = 254;

export const NEWS_SIGNUP_SORTABLE = ['email', 'language', 'created_at'] as const;

/**
 * A cell of a CSV file (the news list's, the figures') as Excel, LibreOffice and Google Sheets read
 * it safely: quoted, inner quotes doubled, and a cell that one of them could start a formula with
 * (`=`, `+`, `-`, `@`, which an address or a file name may start with, or a tab or carriage return
 * before one) prefixed with `'` so it stays text.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}
