/** A promoted content's window as the dialog's date-time fields hold it: local time, or '' for open. */
export interface WindowValues {
  startsAt: string;
  endsAt: string;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as a `datetime-local` field shows it: the viewer's local time, to the minute. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` field's value as the API's instant (ISO 8601, UTC); '' is an open end. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
