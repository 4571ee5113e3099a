import type { SessionUser } from '@plotline/core';

const APP_PREFIX = /^\/app(?:\/|$)/;

/**
 * Where a user goes once signed in (spec §2): the page they asked for before signing in, else the
 * password step for an account with no way to sign in again (no password, no linked identity
 * provider), else the profile step for an account without a name, else the dashboard.
 */
export function landingPath(
  next: string | null,
  user: Pick<SessionUser, 'password' | 'name' | 'identity_providers'>,
): string {
  if (next) return `/app/${next}`;
  if (!user.password && user.identity_providers.length === 0) return '/reset-password';
  if (!user.name?.trim()) return '/create-profile';
  return '/app';
}

/** The `next` to remember for an /app address, without its `/app/` prefix; none for the dashboard. */
export function nextFromLocation(pathname: string, search = ''): string | null {
  if (!APP_PREFIX.test(pathname)) return null;
  const rest = pathname.replace(APP_PREFIX, '').replace(/\/+$/, '');
  return rest ? `${rest}${search}` : null;
}
