/**
 * Sign-in with identity providers (spec §2 social sign-in, §7): three kinds of OpenID Connect
 * provider, each switched on by the server's configuration alone.
 */

import { formatMessage, MESSAGES } from './messages.ts';
import { isInternalRole, type Role } from './roles.ts';

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
 * popups are blocked), with `?handoff=` on a sign-in's success, `?linked=<kind>` on a link's (a
 * signed-in user linking a further provider from their profile), or `?error=` on failure.
 */
export const OIDC_RESULT_PATH = '/auth/oidc';

/** The `type` of the message the popup posts to its opener (same origin only). */
export const OIDC_MESSAGE_TYPE = 'plotline:oidc';

/**
 * What the popup posts to its opener: the single-use handoff to exchange, the provider a link
 * added, or why it failed.
 */
export type OidcPopupMessage =
  | { type: typeof OIDC_MESSAGE_TYPE; handoff: string }
  | { type: typeof OIDC_MESSAGE_TYPE; linked: IdentityProviderKind }
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
  /**
   * The provider's email is a staff account's (root, internal staff): those are never signed in
   * or linked by an email, only by an identity they linked themselves from their profile.
   */
  'staff_email',
  /**
   * The sign-in was not started in this browser (its cookie is missing or another flow's), or the
   * result page got a handoff its own window did not ask for: a sign-in link made elsewhere.
   */
  'other_browser',
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
  staff_email: 'oidcStaffEmail',
  other_browser: 'oidcNotStartedHere',
} as const satisfies Record<OidcErrorCode, keyof typeof MESSAGES>;

/**
 * The message of a failed provider sign-in or link, in English with the provider's name filled in,
 * as the server's messages are: the studio translates it as it translates those.
 */
export function oidcErrorMessage(code: OidcErrorCode, providerName: string): string {
  return formatMessage(MESSAGES[OIDC_ERROR_MESSAGE_KEYS[code]], { provider: providerName });
}

/**
 * Whether a user may unlink one of their identities: never their last way to sign in (a password,
 * or another linked identity must remain).
 */
export function canUnlinkIdentity(user: { hasPassword: boolean; identityCount: number }): boolean {
  return user.hasPassword || user.identityCount > 1;
}

/**
 * Whether a provider's verified email may sign in to, or be linked to, the account of that email.
 * Never for root and internal staff: a compromised or misconfigured provider must not yield a
 * staff account. They link a provider themselves from their profile, after their password.
 */
export function mayLinkByEmail(user: { role: Role }): boolean {
  return !isInternalRole(user.role);
}
