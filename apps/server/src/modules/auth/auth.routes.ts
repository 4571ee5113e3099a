import { acceptInviteSchema, loginRequestSchema, loginResponseSchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Origin } from '../../access/caller.ts';
import { callerOf, publicAccess, signedIn } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { originOf } from '../../http/request-origin.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { describeRule, RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import type { AuthService, StartedSession } from './auth.service.ts';

const signedInActivity = (how: string) =>
  logsActivity<{ id: number; email: string }>(({ request, data }) => ({
    action: 'auth.login',
    entityType: 'session',
    entityId: request.caller?.sessionId ?? null,
    summary: `${data.email} signed in${how}`,
  }));

export function registerAuthRoutes(
  app: FastifyInstance,
  services: {
    auth: AuthService;
    /**
     * The accounts service, which owns the invitation links, by the one call these routes make:
     * accounts sits above auth (it starts sessions through it).
     */
    accounts: { acceptInvite(token: string, origin: Origin): Promise<StartedSession> };
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1.6/auth/login',
    {
      config: { access: publicAccess, activity: signedInActivity('') },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          '`username` holds the email. `remember` asks for a 30-day session instead of 12 hours. ' +
          `After ${describeRule(RATE_LIMITS.signInFailuresPerEmail, 'failed attempts for one email')}, or ${describeRule(RATE_LIMITS.signInFailuresPerAddress, 'from one IP')}, sign-in answers 429 until the window passes.`,
        body: loginRequestSchema,
        response: { 200: envelope(loginResponseSchema), ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { body } = request;
      const session = await services.auth.login(
        { email: body.username, password: body.password, remember: body.remember ?? false },
        originOf(request),
      );
      request.caller = session.caller;
      return { data: session.reply };
    },
  );

  routes.post(
    '/api/v1.6/auth/invite',
    {
      config: { access: publicAccess, activity: signedInActivity(' through an invitation') },
      schema: {
        tags: ['auth'],
        summary: 'Sign in through the link of an invitation mail',
        description:
          'The token `t` comes from the invitation link; it works once and for 7 days. The reply is that of sign-in, with `password: false`. ' +
          `After ${describeRule(RATE_LIMITS.linkFailures, 'unknown, used or expired links from one address')}, the calls of mailed links answer 429 until the window passes; links that work do not count.`,
        body: acceptInviteSchema,
        response: { 200: envelope(loginResponseSchema), ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      const session = await services.accounts.acceptInvite(request.body.t, originOf(request));
      request.caller = session.caller;
      return { data: session.reply };
    },
  );

  routes.post(
    '/api/v1.6/auth/logout',
    {
      config: {
        access: signedIn,
        activity: ({ request }) => ({
          action: 'auth.logout',
          entityType: 'session',
          entityId: request.caller?.sessionId ?? null,
          summary: 'Signed out',
        }),
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token stops working at once',
        response: { 200: envelope(z.null()), ...errors(401) },
      },
    },
    async (request) => {
      await services.auth.logout(callerOf(request));
      return { data: null };
    },
  );
}
