/** Paths whose header shows no title (spec §2 Shell). */
const UNTITLED_PATHS = new Set(['/app', '/app/crm-dashboard', '/app/crypto-dashboard']);

/**
 * The header title of a path: its last segment, or the one before when the last is numeric,
 * with dashes turned to spaces.
 */
export function pageTitleFromPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (UNTITLED_PATHS.has(path)) return '';
  const segments = path.split('/').filter(Boolean);
  let segment = segments.at(-1) ?? '';
  if (/^\d+$/.test(segment)) segment = segments.at(-2) ?? '';
  return decodeURIComponent(segment).replace(/-/g, ' ');
}
