import {
  IDENTITY_PROVIDER_KINDS,
  idParamSchema,
  identityProviderSchema,
  linkedIdentitySchema,
  OIDC_ERROR_CODES,
  OIDC_FLOW_MINUTES,
  OIDC_HANDOFF_SECONDS,
  OIDC_RESULT_PATH,
  oidcCompleteRequestSchema,
  oidcCompleteResponseSchema,
  oidcLinkRequestSchema,
  oidcLinkResponseSchema,
  oidcStartQuerySchema,
  type OidcLinkRequest,
} from '@plotline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, publicAccess, signedIn } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { originOf } from '../../http/request-origin.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { describeRule, RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import type { IdentityProvidersService } from './identity-providers.service.ts';

/**
 * Binds a provider sign-in to the browser that started it: the callback and the handoff's exchange
 * must come with it, so a sign-in finished in another browser (login CSRF) fails. Sent back only
 * to the provider calls; it holds the flow's state until its handoff is exchanged.
 */
const BROWSER_COOKIE = 'plotline_oidc';
const COOKIE_PATH = '/api/auth/oidc';

const kindParams = z.object({
  kind: z
    .string()
    .max(40)
    .describe(`One of ${IDENTITY_PROVIDER_KINDS.join(', ')}`),
});
const idParams = z.object({ id: idParamSchema });
const redirect = (description: string) => z.undefined().describe(description);

const ERRORS_DOC = `\`error\` is one of ${OIDC_ERROR_CODES.map((code) => `\`${code}\``).join(', ')}.`;

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === BROWSER_COOKIE) return part.slice(at + 1).trim();
  }
  return undefined;
}

function setBrowserCookie(reply: FastifyReply, value: string, secure: boolean, maxAge: number) {
  void reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

export function registerIdentityProvidersRoutes(
  app: FastifyInstance,
  service: IdentityProvidersService,
  options: { secureCookies: boolean },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/auth/oidc/providers',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['auth'],
        summary: 'The identity providers one can sign in with',
        description:
          'In the order google, microsoft, generic; empty when none is configured (each is switched on by the `OIDC_*` variables).',
        response: { 200: envelope(z.array(identityProviderSchema)) },
      },
    },
    () => ({ data: service.providers() }),
  );

  routes.get(
    '/api/auth/oidc/:kind/start',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with an identity provider',
        description:
          'Opened in a popup (`mode=popup`) or the whole page (`mode=page`). Answers 302 to the provider (authorization code flow with PKCE S256, `state` and `nonce`), with a cookie that binds the sign-in to this browser; it lasts ' +
          `${OIDC_FLOW_MINUTES} minutes. When the provider cannot be reached, or after ${describeRule(RATE_LIMITS.identitySignIns, 'sign-ins started from one address')}, it answers 302 to the studio's \`${OIDC_RESULT_PATH}?error=…&provider=…\` instead. ` +
          '`next` is the studio page to land on (a path of the studio; anything else is ignored), `invite` the token of an invitation link to accept, `remember` as on the sign-in form. An unconfigured kind is 404.',
        params: kindParams,
        querystring: oidcStartQuerySchema,
        response: {
          302: redirect("The provider's sign-in, or the studio's result page with an error"),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const started = await service.start(request.params.kind, request.query, originOf(request));
      if (started.browserBinding) {
        setBrowserCookie(
          reply,
          started.browserBinding,
          options.secureCookies,
          OIDC_FLOW_MINUTES * 60,
        );
      }
      return reply.redirect(started.location, 302);
    },
  );

  routes.get(
    '/api/auth/oidc/:kind/callback',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['auth'],
        summary: "An identity provider's answer (its redirect URI)",
        description:
          'Register `{PUBLIC_URL}/api/auth/oidc/{kind}/callback` at the provider. Works once per sign-in, and only in the browser that started it. ' +
          `Answers 302 to the studio's \`${OIDC_RESULT_PATH}?handoff=…\` (exchanged within ${OIDC_HANDOFF_SECONDS} seconds by \`POST /api/auth/oidc/complete\`), or \`${OIDC_RESULT_PATH}?error=…&provider=…\`. ${ERRORS_DOC} ` +
          "A verified email already known signs that user in and links the identity; an unknown one makes an individual account; an invitation's token accepts it when the emails match. An unconfigured kind is 404.",
        params: kindParams,
        // Loose: providers add their own parameters (Google: `scope`, `authuser`, `prompt`…).
        querystring: z.looseObject({
          code: z.string().optional().describe('The authorization code'),
          state: z.string().optional(),
          iss: z.string().optional().describe("The provider's issuer (RFC 9207)"),
          error: z.string().optional().describe('`access_denied` when the viewer cancelled'),
          error_description: z.string().optional(),
        }),
        response: {
          302: redirect("The studio's result page, with a handoff or an error"),
          ...errors(404),
        },
      },
    },
    async (request, reply) => {
      service.assertConfigured(request.params.kind);
      const search = new URLSearchParams(request.url.split('?')[1] ?? '');
      const binding = cookieOf(request);
      let result: { location: string; handoff: boolean };
      try {
        result = await service.callback(request.params.kind, search, binding, originOf(request));
      } catch (error) {
        // A fault of ours must still end on the studio's page with a message, never a bare 500.
        request.log.error({ err: error }, 'identity provider callback failed');
        result = {
          location: `${OIDC_RESULT_PATH}?${new URLSearchParams({ error: 'failed', provider: request.params.kind })}`,
          handoff: false,
        };
      }
      // A handoff is exchanged with the cookie, within its own lifetime; else the flow is over.
      if (result.handoff && binding) {
        setBrowserCookie(reply, binding, options.secureCookies, OIDC_HANDOFF_SECONDS);
      } else {
        setBrowserCookie(reply, '', options.secureCookies, 0);
      }
      return reply.redirect(result.location, 302);
    },
  );

  routes.post(
    '/api/auth/oidc/complete',
    {
      config: {
        access: publicAccess,
        activity: logsActivity<{ email: string; outcome: string }>(({ request, data }) => ({
          action: 'auth.login',
          entityType: 'session',
          entityId: request.caller?.sessionId ?? null,
          summary: `${data.email} signed in with an identity provider`,
        })),
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the handoff of an identity provider sign-in',
        description:
          `The handoff comes from the result page; it works once, for ${OIDC_HANDOFF_SECONDS} seconds, and only with the cookie of the browser that started the sign-in (else 400, and a handoff sent without its cookie stays usable by its own browser). The reply is that of sign-in, with \`next\` (the page asked for at the start, or null) and \`outcome\`. ` +
          `Disabled users and companies are 403, maintenance 503 but for the root user. After ${describeRule(RATE_LIMITS.linkFailures, 'unknown, used or expired handoffs or links from one address')}, it answers 429 until the window passes.`,
        body: oidcCompleteRequestSchema,
        response: {
          200: envelope(oidcCompleteResponseSchema),
          ...errors(400, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { session, next, outcome } = await service.complete(
        request.body.handoff,
        cookieOf(request),
        originOf(request),
      );
      request.caller = session.caller;
      setBrowserCookie(reply, '', options.secureCookies, 0);
      return { data: { ...session.reply, next, outcome } };
    },
  );

  routes.post(
    '/api/profile/identities/link',
    {
      config: {
        access: signedIn,
        activity: logsActivity<{ location: string }>(({ request }) => ({
          action: 'identity.link_started',
          entityType: 'user',
          entityId: request.caller?.userId ?? null,
          // The body is the checked request by now.
          summary: `Proved their password to link ${(request.body as OidcLinkRequest).kind}`,
        })),
      },
      schema: {
        tags: ['profile'],
        summary: 'Link a further identity provider to my account',
        description:
          "The current password proves the account first (400 when wrong; counted with the sign-in's wrong passwords for the email, 429 past them; 409 for an account without a password, which sets one first). " +
          `Answers where to send a popup (or the page): the provider's sign-in, with a cookie binding the link to this browser for ${OIDC_FLOW_MINUTES} minutes, or the studio's \`${OIDC_RESULT_PATH}?error=…\` as the start does. ` +
          `The provider's callback then links the identity it proves to this user and no other (whatever its email; a verified one is needed) and ends on \`${OIDC_RESULT_PATH}?linked={kind}\`; no session starts. ${ERRORS_DOC} An unconfigured kind is 404.`,
        body: oidcLinkRequestSchema,
        response: {
          200: envelope(oidcLinkResponseSchema),
          ...errors(400, 401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const started = await service.startLink(callerOf(request), request.body, originOf(request));
      if (started.browserBinding) {
        setBrowserCookie(
          reply,
          started.browserBinding,
          options.secureCookies,
          OIDC_FLOW_MINUTES * 60,
        );
      }
      return { data: { location: started.location } };
    },
  );

  routes.get(
    '/api/profile/identities',
    {
      config: { access: signedIn },
      schema: {
        tags: ['profile'],
        summary: 'The identity providers linked to my account',
        response: { 200: envelope(z.array(linkedIdentitySchema)), ...errors(401) },
      },
    },
    async (request) => ({ data: await service.listIdentities(callerOf(request)) }),
  );

  routes.delete(
    '/api/profile/identities/:id',
    {
      config: {
        access: signedIn,
        activity: logsActivity<{ id: number; kind: string; email: string }>(({ data }) => ({
          action: 'identity.unlinked',
          entityType: 'user_identity',
          entityId: data.id,
          summary: `Unlinked the ${data.kind} identity ${data.email}`,
        })),
      },
      schema: {
        tags: ['profile'],
        summary: 'Unlink an identity provider from my account',
        description:
          "Refused (409) when it is the last way to sign in: no password and no other linked identity. Another user's identity is 404.",
        params: idParams,
        response: {
          200: envelope(z.object({ id: z.number().int() })),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const removed = await service.unlink(callerOf(request), request.params.id);
      return { data: { id: request.params.id, ...removed } };
    },
  );
}
