import { OIDC_ERROR_CODES, type IdentityProviderKind, type OidcErrorCode } from '@plotline/core';
import { withQuery } from '../../../lib/query-string.ts';

export interface OidcStart {
  /** Where the result page runs: in the popup (posting to this window), or in this page. */
  mode: 'popup' | 'page';
  /** The /app page to land on, as the store keeps it (without `/app/`). */
  next: string | null;
  remember: boolean;
  /** An invitation link's token, to accept the invitation with the provider. */
  invite?: string | null;
}

/** The server call that opens a provider's sign-in (it redirects to the provider). */
export function oidcStartPath(kind: IdentityProviderKind, start: OidcStart): string {
  return withQuery(`/api/auth/oidc/${kind}/start`, {
    mode: start.mode,
    next: start.next,
    remember: String(start.remember),
    invite: start.invite,
  });
}

/** An `?error=` as the result page or the sign-in page got it; anything else counts as a failure. */
export function oidcErrorCodeOf(value: string | null): OidcErrorCode {
  return OIDC_ERROR_CODES.find((code) => code === value) ?? 'failed';
}

/** The sign-in page's address for an error of a provider sign-in that finished in the page. */
export function oidcErrorPath(code: OidcErrorCode, kind: string | null): string {
  return withQuery('/login', { oidc_error: code, provider: kind });
}
