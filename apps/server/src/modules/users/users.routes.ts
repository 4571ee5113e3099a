import {
  idParamSchema,
  inviteStaffSchema,
  inviteUserSchema,
  updateUserSchema,
  userListQuerySchema,
  userPageSchema,
  userRowSchema,
  type Right,
  type UserRow,
  type UserScope,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { originOf } from '../../http/request-origin.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { UsersService } from './users.service.ts';

const idParams = z.object({ id: idParamSchema });

const userActivity = (verb: string, describe: (user: UserRow) => string) =>
  logsActivity<UserRow>(({ data }) => ({
    action: `user.${verb}`,
    entityType: 'user',
    entityId: data.id,
    companyId: data.company_id,
    summary: describe(data),
  }));

/**
 * The same five calls for a company's users (/api/user, seeUserList) and for staff
 * (/api/internal-user, seeInternalUserList).
 */
function registerScope(
  app: FastifyInstance,
  users: UsersService,
  scope: UserScope,
  { prefix, right, tag }: { prefix: string; right: Right; tag: string },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const access = requireRight(right);

  routes.get(
    prefix,
    {
      config: { access },
      schema: {
        tags: [tag],
        summary: 'List, search, sort and page',
        querystring: userListQuerySchema,
        response: { 200: envelope(userPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await users.list(callerOf(request), scope, request.query) }),
  );

  routes.post(
    `${prefix}/invite`,
    {
      config: {
        access,
        activity: userActivity('invited', (user) => `Invited ${user.email} as ${user.role}`),
      },
      schema: {
        tags: [tag],
        summary: 'Invite by email with a role; the invitation mail is sent',
        body: scope === 'company' ? inviteUserSchema : inviteStaffSchema,
        response: { 201: envelope(userRowSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await users.invite(
        callerOf(request),
        scope,
        request.body,
        originOf(request).language ?? 'en',
      );
      return reply.status(201).send({ data: row });
    },
  );

  routes.put(
    `${prefix}/:id`,
    {
      config: {
        access,
        activity: userActivity(
          'updated',
          (user) => `Set ${user.email} to ${user.role}, ${user.status}`,
        ),
      },
      schema: {
        tags: [tag],
        summary: 'Change the role or the status',
        params: idParams,
        body: updateUserSchema,
        response: { 200: envelope(userRowSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await users.update(callerOf(request), scope, request.params.id, request.body),
    }),
  );

  routes.delete(
    `${prefix}/:id`,
    {
      config: { access, activity: userActivity('disabled', (user) => `Disabled ${user.email}`) },
      schema: {
        tags: [tag],
        summary: 'Disable: the user can no longer sign in',
        params: idParams,
        response: { 200: envelope(userRowSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({
      data: await users.update(callerOf(request), scope, request.params.id, { status: 'disabled' }),
    }),
  );

  routes.post(
    `${prefix}/:id/resend-invite`,
    {
      config: {
        access,
        activity: userActivity('invite_resent', (user) => `Sent ${user.email} a new invitation`),
      },
      schema: {
        tags: [tag],
        summary: 'Mail a new invitation link; the previous one stops working',
        params: idParams,
        response: { 200: envelope(userRowSchema), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await users.resendInvite(callerOf(request), scope, request.params.id),
    }),
  );
}

export function registerUsersRoutes(app: FastifyInstance, users: UsersService): void {
  registerScope(app, users, 'company', { prefix: '/api/user', right: 'seeUserList', tag: 'users' });
  registerScope(app, users, 'staff', {
    prefix: '/api/internal-user',
    right: 'seeInternalUserList',
    tag: 'internal users',
  });
}
