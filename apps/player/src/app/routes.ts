/** Where the reference app lives; the server serves its page at every address under it. */
export const APP_PATH = '/m';

/** The app's screens, by address (History API routing inside `/m`). */
export type AppRoute =
  | { kind: 'feed' }
  | { kind: 'series'; seriesId: number }
  | { kind: 'project'; slug: string }
  | { kind: 'not-found' };

/** `/m`, `/m/series/{id}`, `/m/p/{slug}`; anything else under `/m` is not found. */
export function routeOf(pathname: string): AppRoute {
  if (pathname !== APP_PATH && !pathname.startsWith(`${APP_PATH}/`)) return { kind: 'not-found' };
  const parts = pathname.slice(APP_PATH.length).split('/').filter(Boolean);
  if (parts.length === 0) return { kind: 'feed' };
  if (parts.length === 2 && parts[0] === 'series' && /^[1-9]\d{0,15}$/.test(parts[1]!))
    return { kind: 'series', seriesId: Number(parts[1]) };
  if (parts.length === 2 && parts[0] === 'p') {
    try {
      return { kind: 'project', slug: decodeURIComponent(parts[1]!) };
    } catch {
      return { kind: 'not-found' };
    }
  }
  return { kind: 'not-found' };
}

export const feedPath = () => `${APP_PATH}/`;
export const seriesPath = (seriesId: number) => `${APP_PATH}/series/${seriesId}`;
export const projectPath = (slug: string) => `${APP_PATH}/p/${encodeURIComponent(slug)}`;
