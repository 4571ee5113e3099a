/**
 * The studio page to land on after signing in (spec §2 "the stored next path"), one rule for the
 * server (a provider sign-in keeps it through the provider) and the studio's /login alike.
 */

/** The studio's signed-in pages live under this path; `next` is kept without it. */
export const STUDIO_APP_PATH = '/app';

export const NEXT_PAGE_MAX_LENGTH = 2000;

/** A path of `/app/` without that prefix: segments of URL-safe characters, never `.` or `..`. */
const PAGE_PATH = /^(?!\.{1,2}(?:\/|$))[\w.~%-]+(?:\/(?!\.{1,2}(?:\/|$))[\w.~%-]+)*\/?$/;
/** Anything a browser might read as a way out of the path: backslashes, spaces, control characters. */
const UNSAFE = /[\\\s\p{Cc}]/u;

/**
 * The page to land on, as the store and the server keep it (`project-list?page=2`), from what a
 * link gave: that same form, or a whole studio path (`/app/project-list?page=2`). Anything else
 * (another site's address, `//host`, a path outside `/app`, `..`) is null, as is the dashboard.
 */
export function studioNextPage(value: string | null | undefined): string | null {
  if (!value || value.length > NEXT_PAGE_MAX_LENGTH || UNSAFE.test(value)) return null;
  let page = value;
  if (page.startsWith('/')) {
    if (page !== STUDIO_APP_PATH && !page.startsWith(`${STUDIO_APP_PATH}/`)) return null;
    page = page.slice(STUDIO_APP_PATH.length + 1);
  }
  const at = page.search(/[?#]/);
  const path = at < 0 ? page : page.slice(0, at);
  return PAGE_PATH.test(path) ? page : null;
}

/** The address of a page kept by `studioNextPage`. */
export function studioPagePath(next: string): string {
  return `${STUDIO_APP_PATH}/${next}`;
}
