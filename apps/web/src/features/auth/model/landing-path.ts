import { studioNextPage, studioPagePath, type SessionUser } from '@plotline/core';

/**
 * Where a user goes once signed in (spec §2): the page they asked for before signing in, else the
 * password step for an account with no way to sign in again (no password, no linked identity
 * provider), else the profile step for an account without a name, else the dashboard.
 */
export function landingPath(
  next: string | null,
  user: Pick<SessionUser, 'password' | 'name' | 'identity_providers'>,
): string {
  const page = studioNextPage(next);
  if (page) return studioPagePath(page);
  if (!user.password && user.identity_providers.length === 0) return '/reset-password';
  if (!user.name?.trim()) return '/create-profile';
  return '/app';
}

/** The `next` to remember for an /app address (core `studioNextPage`); none for the dashboard. */
export function nextFromLocation(pathname: string, search = ''): string | null {
  return studioNextPage(`${pathname.replace(/\/+$/, '')}${search}`);
}
