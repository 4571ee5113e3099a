import { loginRequestSchema, loginResponseSchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, publicAccess, signedIn } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, authService: AuthService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1.6/auth/login',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          '`username` holds the email. `remember` asks for a 30-day session instead of 12 hours. ' +
          'After 10 failed attempts within 15 minutes for one email or from one IP, sign-in answers 429 until the window passes.',
        body: loginRequestSchema,
        response: { 200: envelope(loginResponseSchema), ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      data: await authService.login({
        email: request.body.username,
        password: request.body.password,
        remember: request.body.remember ?? false,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    }),
  );

  routes.post(
    '/api/v1.6/auth/logout',
    {
      config: { access: signedIn },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token stops working at once',
        response: { 200: envelope(z.null()), ...errors(401) },
      },
    },
    async (request) => {
      await authService.logout(callerOf(request), request.ip);
      return { data: null };
    },
  );
}
