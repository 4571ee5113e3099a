import { z } from 'zod';
import { loginResponseSchema } from './auth.schema.ts';
import { IDENTITY_PROVIDER_KINDS, OIDC_ERROR_CODES } from './identity-providers.ts';
import { NEXT_PAGE_MAX_LENGTH } from './next-page.ts';
import { requiredString } from './validation.schema.ts';

export const identityProviderKindSchema = z.enum(IDENTITY_PROVIDER_KINDS);

/** GET /api/auth/oidc/providers: the configured providers, for the sign-in and register screens. */
export const identityProviderSchema = z.object({
  kind: identityProviderKindSchema,
  name: z.string(),
});

/**
 * GET /api/auth/oidc/{kind}/start: opens the provider's sign-in. `mode` says where the result page
 * runs (`popup` posts to its opener; `page` finishes in place); `next` is the studio page to land
 * on (as /login's `next`, see `studioNextPage`); `invite` is an invitation link's token `t` to accept with the provider;
 * `remember` as on the sign-in form.
 */
export const oidcStartQuerySchema = z.strictObject({
  mode: z.enum(['popup', 'page']).default('popup'),
  next: z.string().max(NEXT_PAGE_MAX_LENGTH).optional(),
  invite: z.string().max(200).optional(),
  remember: z.enum(['true', 'false']).optional(),
});
export type OidcStartQuery = z.infer<typeof oidcStartQuerySchema>;

/** POST /api/auth/oidc/complete: exchanges the single-use handoff the result page got for a session. */
export const oidcCompleteRequestSchema = z.strictObject({
  handoff: z.string().min(1).max(200),
});

/** The sign-in reply, with where to land (`next` as given at the start, or null). */
export const oidcCompleteResponseSchema = loginResponseSchema.extend({
  next: z.string().nullable(),
  /** What happened: an existing user signed in, an identity was linked, an account was made, an invitation accepted. */
  outcome: z.enum(['signed_in', 'linked', 'created', 'invite_accepted']),
});
export type OidcCompleteResponse = z.infer<typeof oidcCompleteResponseSchema>;

/**
 * POST /api/profile/identities/link: a signed-in user links a further provider, proving the
 * account with its password first.
 */
export const oidcLinkRequestSchema = z.strictObject({
  kind: identityProviderKindSchema,
  password: requiredString.max(200),
});
export type OidcLinkRequest = z.infer<typeof oidcLinkRequestSchema>;

/** Where to send the popup (or the page): the provider's sign-in, or the result page with an error. */
export const oidcLinkResponseSchema = z.object({ location: z.string() });

export const oidcErrorCodeSchema = z.enum(OIDC_ERROR_CODES);

/** GET /api/profile/identities. */
export const linkedIdentitySchema = z.object({
  id: z.number().int(),
  kind: identityProviderKindSchema,
  provider_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
