/**
 * Sign-in with identity providers (spec §2 social sign-in, §7): three kinds of OpenID Connect
 * provider, each switched on by the server's configuration alone.
 */

import type { MESSAGES } from './messages.ts';

export const IDENTITY_PROVIDER_KINDS = ['google', 'microsoft', 'generic'] as const;
export type IdentityProviderKind = (typeof IDENTITY_PROVIDER_KINDS)[number];

/** A provider the server is configured for, as the sign-in screens list it. */
export interface IdentityProvider {
  kind: IdentityProviderKind;
  /** "Google", "Microsoft", or the generic provider's configured name (`OIDC_GENERIC_NAME`). */
  name: string;
}

/** An identity linked to the signed-in user, as the profile drawer lists it. */
export interface LinkedIdentity {
  id: number;
  kind: IdentityProviderKind;
  /** The provider's display name at the time of listing. */
  provider_name: string;
  /** The email the provider gave when the identity was linked. */
  email: string;
  created_at: string;
  last_used_at: string | null;
}

/**
 * The studio page a provider's callback sends the browser to (in the popup, or the whole page when
 * popups are blocked), with `?handoff=` on success or `?error=` on failure.
 */
export const OIDC_RESULT_PATH = '/auth/oidc';

/** The `type` of the message the popup posts to its opener (same origin only). */
export const OIDC_MESSAGE_TYPE = 'plotline:oidc';

/** What the popup posts to its opener: the single-use handoff to exchange, or why it failed. */
export type OidcPopupMessage =
  | { type: typeof OIDC_MESSAGE_TYPE; handoff: string }
  | { type: typeof OIDC_MESSAGE_TYPE; error: OidcErrorCode };

/**
 * Why a provider sign-in failed, as `?error=` carries it: a code, never free text, so nobody can
 * put words on the sign-in screen through a link. Each has its message in MESSAGES (`oidcErrorMessage`).
 */
export const OIDC_ERROR_CODES = [
  /** state, nonce, PKCE or ID token checks failed, the code was replayed, or the flow expired. */
  'failed',
  /** The provider did not answer (discovery, token endpoint). */
  'provider_down',
  /** The viewer cancelled at the provider (`access_denied`). */
  'cancelled',
  'unverified_email',
  'account_disabled',
  'company_disabled',
  /** The invitation's address is not the provider's verified email. */
  'invite_mismatch',
  'invalid_link',
  'maintenance',
  /** The identity is already linked to another user. */
  'identity_taken',
  'too_many',
] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/** How long a started provider sign-in (state, nonce, verifier) and a handoff stay usable. */
export const OIDC_FLOW_MINUTES = 10;
export const OIDC_HANDOFF_SECONDS = 60;

/** The message of each error code (with `{provider}` to fill in), for the sign-in screens. */
export const OIDC_ERROR_MESSAGE_KEYS = {
  failed: 'oidcFailed',
  provider_down: 'oidcProviderDown',
  cancelled: 'oidcCancelled',
  unverified_email: 'oidcUnverifiedEmail',
  account_disabled: 'accountDisabled',
  company_disabled: 'companyDisabled',
  invite_mismatch: 'oidcInviteMismatch',
  invalid_link: 'invalidLink',
  maintenance: 'underMaintenance',
  identity_taken: 'oidcIdentityTaken',
  too_many: 'oidcTooMany',
} as const satisfies Record<OidcErrorCode, keyof typeof MESSAGES>;

/**
 * Whether a user may unlink one of their identities: never their last way to sign in (a password,
 * or another linked identity must remain).
 */
export function canUnlinkIdentity(user: { hasPassword: boolean; identityCount: number }): boolean {
  return user.hasPassword || user.identityCount > 1;
}
