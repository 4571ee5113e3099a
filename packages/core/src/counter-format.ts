/**
 * §9: counters show a dot as thousands separator and a comma as decimal separator, whatever the
 * interface language; §2: the clickable counter shortens to K above 1,000 and M above 1,000,000.
 */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** `value` with at most `decimals` decimals, trailing zeros dropped: 12345.6 → "12.345,6". */
export function formatCount(value: number, decimals = 0): string {
  const sign = value < 0 ? '-' : '';
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(decimals).split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${sign}${grouped(Number(whole))}${kept ? `,${kept}` : ''}`;
}

/** The clickable counter's short form: 1.000 stays, 1.500 → "1,5K", 2.345.678 → "2,3M". */
export function formatShortCount(value: number): string {
  const size = Math.abs(value);
  if (size > 1_000_000) return `${formatCount(value / 1_000_000, 1)}M`;
  if (size > 1_000) return `${formatCount(value / 1_000, 1)}K`;
  return formatCount(value);
}
