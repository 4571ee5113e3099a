/** The editor's times (docs/PLOT.md): a banner component's start, typed as mm:ss, kept in seconds. */

/** §5: mm:ss, two digits, a colon, two digits; the minutes' first digit 0–6, the seconds' 0–5. */
export const MM_SS_PATTERN = /^([0-6]\d):([0-5]\d)$/;

/** Seconds of a mm:ss time (minutes * 60 + seconds, §9), or null when it is not one. */
export function parseMmSs(text: string): number | null {
  const match = MM_SS_PATTERN.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The mm:ss of whole seconds, clamped to what the mask can show (00:00 to 69:59). */
export function formatMmSs(seconds: number): string {
  const whole = Math.min(Math.max(Math.floor(seconds), 0), 69 * 60 + 59);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
