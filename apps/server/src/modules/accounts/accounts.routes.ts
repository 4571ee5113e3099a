import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  changePasswordSchema,
  companyProfileSchema,
  forgotPasswordSchema,
  formatMessage,
  loginResponseSchema,
  MESSAGES,
  newPasswordSchema,
  registerSchema,
  renewPasswordSchema,
  sessionUserSchema,
  userProfileSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { callerOf, publicAccess, signedIn } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { requestsPerAddress } from '../../http/rate-limits.ts';
import { originOf } from '../../http/request-origin.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { describeRule, RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import type { AccountsService } from './accounts.service.ts';

const messageReply = z.object({ data: z.null(), message: z.string() });
/** The rule of the account calls whose §7 body carries `user_id`. */
const OWN_ACCOUNT_ONLY =
  "`user_id` (optional) names the account changed: the caller's own id, or 403 and nothing changes.";

const userActivity = (action: string, summary: string) =>
  logsActivity<{ id: number }>(({ data }) => ({
    action,
    entityType: 'user',
    entityId: data.id,
    summary,
  }));

export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/user/me',
    {
      config: { access: signedIn },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: envelope(sessionUserSchema), ...errors(401) },
      },
    },
    async (request) => ({ data: await accounts.getSessionUser(callerOf(request)) }),
  );

  routes.post(
    '/api/user/register',
    {
      config: {
        access: publicAccess,
        rateLimit: requestsPerAddress(RATE_LIMITS.signUp),
        activity: logsActivity<{ id: number; email: string }>(({ data }) => ({
          action: 'user.registered',
          entityType: 'user',
          entityId: data.id,
          summary: `${data.email} signed up with an individual account`,
        })),
      },
      schema: {
        tags: ['account'],
        summary: 'Sign up: an individual account whose user is its superadmin, signed in at once',
        description: `${describeRule(RATE_LIMITS.signUp, 'sign-ups per address')} (429).`,
        body: registerSchema,
        response: { 201: envelope(loginResponseSchema), ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await accounts.register(request.body, originOf(request));
      request.caller = session.caller;
      return reply.status(201).send({ data: session.reply });
    },
  );

  routes.post(
    '/api/user/new_password',
    {
      config: {
        access: signedIn,
        activity: userActivity('user.password_set', 'Set a first password'),
      },
      schema: {
        tags: ['account'],
        summary: 'The first password of an invited account',
        description: OWN_ACCOUNT_ONLY,
        body: newPasswordSchema,
        response: { 200: envelope(sessionUserSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      data: await accounts.setFirstPassword(
        callerOf(request),
        request.body.new_password,
        request.body.user_id,
      ),
    }),
  );

  routes.post(
    '/api/user/forgot_password',
    {
      config: { access: publicAccess, rateLimit: requestsPerAddress(RATE_LIMITS.forgotPassword) },
      schema: {
        tags: ['account'],
        summary: 'Mail a password-reset link',
        description:
          'Answers the same whether or not the address has an account, so nobody can find out which addresses do. ' +
          `${describeRule(RATE_LIMITS.forgotPassword, 'requests per address')} (429).`,
        body: forgotPasswordSchema,
        response: { 200: messageReply, ...errors(400, 429) },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email, originOf(request).language);
      return { data: null, message: MESSAGES.resetLinkSentCode };
    },
  );

  routes.post(
    '/api/user/renew_password',
    {
      config: {
        access: publicAccess,
        activity: logsActivity<null>(({ request }) => ({
          action: 'user.password_reset',
          entityType: 'user',
          entityId: request.caller?.userId ?? null,
          summary: 'Chose a new password through a reset link',
        })),
      },
      schema: {
        tags: ['account'],
        summary: 'A new password through the link of a reset mail; every session ends',
        description: `After ${describeRule(RATE_LIMITS.linkFailures, 'unknown, used or expired links from one address')}, the calls of mailed links answer 429 until the window passes; links that work do not count.`,
        body: renewPasswordSchema,
        response: { 200: messageReply, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { t, new_password } = request.body;
      const user = await accounts.renewPassword(t, new_password, request.ip);
      // Not signed in, yet the log must say who: the owner of the link.
      request.caller = {
        userId: user.id,
        companyId: user.companyId,
        sessionId: '',
        role: user.role,
        companyType: user.companyType,
      };
      return { data: null, message: MESSAGES.changeSaved };
    },
  );

  routes.post(
    '/api/user/reset_password',
    {
      config: {
        access: signedIn,
        activity: logsActivity<null>(({ request }) => ({
          action: 'user.password_changed',
          entityType: 'user',
          entityId: request.caller?.userId ?? null,
          summary: 'Changed their password',
        })),
      },
      schema: {
        tags: ['account'],
        summary: "Change the signed-in user's password; their other sessions end",
        description: OWN_ACCOUNT_ONLY,
        body: changePasswordSchema,
        response: { 200: messageReply, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { current_password, password, user_id } = request.body;
      await accounts.changePassword(callerOf(request), current_password, password, user_id);
      return { data: null, message: MESSAGES.changeSaved };
    },
  );

  routes.post(
    '/api/user/profile',
    {
      config: {
        access: signedIn,
        activity: userActivity('user.profile_updated', 'Updated their profile'),
      },
      schema: {
        tags: ['account'],
        summary: "Set the signed-in user's full name",
        description: OWN_ACCOUNT_ONLY,
        body: userProfileSchema,
        response: { 200: envelope(sessionUserSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await accounts.updateName(
        callerOf(request),
        request.body.full_name,
        request.body.user_id,
      ),
    }),
  );

  routes.put(
    '/api/user/guide',
    {
      config: { access: signedIn },
      schema: {
        tags: ['account'],
        summary: 'Mark the welcome guide finished or dismissed, on every device',
        description: 'Idempotent; answers the session user, whose guide_done is then true.',
        response: { 200: envelope(sessionUserSchema), ...errors(401) },
      },
    },
    async (request) => ({ data: await accounts.markGuideDone(callerOf(request)) }),
  );

  routes.post(
    '/api/company/profile',
    {
      config: {
        access: signedIn,
        activity: logsActivity<{ name: string }>(({ request, data }) => ({
          action: 'company.profile_updated',
          entityType: 'company',
          entityId: request.caller?.companyId ?? null,
          summary: `Named the company "${data.name}"`,
        })),
      },
      schema: {
        tags: ['account'],
        summary: "A company account's superadmin names the company",
        description: OWN_ACCOUNT_ONLY,
        body: companyProfileSchema,
        response: { 200: envelope(sessionUserSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await accounts.updateCompanyName(
        callerOf(request),
        request.body.name,
        request.body.user_id,
      ),
    }),
  );

  routes.post(
    '/api/upload/avatar',
    {
      config: {
        access: signedIn,
        activity: userActivity('user.avatar_changed', 'Changed their avatar'),
      },
      schema: {
        tags: ['account'],
        summary: 'Upload the signed-in user\'s avatar (multipart, one file in the part "uploads")',
        description: `PNG, JPEG, WebP or GIF, recognised by content, at most ${AVATAR_MAX_BYTES} bytes. No other field is taken.`,
        consumes: ['multipart/form-data'],
        response: {
          200: envelope(z.object({ avatar: z.string(), id: z.number() })),
          ...errors(400, 401, 406, 413),
        },
      },
    },
    async (request) => {
      const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'uploads') throw new AppError(400, MESSAGES.fileMissing);
      // §7 sends the file alone: a field beside it would be dropped, so it is refused.
      const extra = Object.keys(part.fields).find((name) => name !== 'uploads');
      if (extra !== undefined) {
        throw new AppError(400, formatMessage(MESSAGES.unknownField, { field: extra }));
      }
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(400, MESSAGES.avatarTooLarge);
        throw error;
      });
      // toBuffer only throws when the limit falls inside a chunk it reads: when it falls on a
      // chunk's end, busboy ends the file quietly, and the first 5 MB would pass as the image.
      if (part.file.truncated) throw new AppError(400, MESSAGES.avatarTooLarge);
      const detected = await fileTypeFromBuffer(data);
      const type = AVATAR_TYPES.find((allowed) => allowed === detected?.mime);
      if (!type) throw new AppError(400, MESSAGES.avatarNotImage);
      const user = await accounts.setAvatar(callerOf(request), { data, type });
      return { data: { avatar: user.avatar!, id: user.id } };
    },
  );
}
