import {
  idParamSchema,
  promotedCandidatePageSchema,
  promotedCandidatesQuerySchema,
  promotedCreateSchema,
  promotedOrderSchema,
  promotedRowSchema,
  promotedUpdateSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { PromotedAnswer, PromotedService } from './promoted.service.ts';

const access = requireRight('canSeeAppPromoted');
const idParams = z.object({ id: idParamSchema });

const WHO =
  "For administrators and superadmins of a platform company, on their company's list; root acts on the app operator's (409 when no platform company operates the app).";

/** The activity log's entry of a change to one promoted content. */
const logsChange = (action: string, verb: string) =>
  logsActivity<PromotedAnswer>(({ data }) => ({
    action: `promoted.${action}`,
    entityType: 'promoted',
    entityId: data.id,
    companyId: data.companyId,
    summary: `${verb} "${data.title}"`,
  }));

/** The platform's promoted contents: the app feed's first cards, when and to whom. */
export function registerPromotedRoutes(app: FastifyInstance, promoted: PromotedService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/promoted',
    {
      config: { access },
      schema: {
        tags: ['promoted'],
        summary: "The platform's promoted contents, in the order the app feed shows them",
        description: `${WHO} Each with its project, window, segments and status now (scheduled, live, ended) by the server's clock.`,
        response: { 200: envelope(z.array(promotedRowSchema)), ...errors(401, 403, 409) },
      },
    },
    async (request) => ({ data: await promoted.list(callerOf(request)) }),
  );

  routes.get(
    '/api/promoted/candidates',
    {
      config: { access },
      schema: {
        tags: ['promoted'],
        summary: 'Published projects on the mobile app channel, of every company, to promote',
        description: `${WHO} Newest published first; search matches the title, ignoring case; promoted says whether the platform already promotes it.`,
        querystring: promotedCandidatesQuerySchema,
        response: { 200: envelope(promotedCandidatePageSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => ({ data: await promoted.candidates(callerOf(request), request.query) }),
  );

  routes.post(
    '/api/promoted',
    {
      config: { access, activity: logsChange('created', 'Promoted') },
      schema: {
        tags: ['promoted'],
        summary: 'Promote a project',
        description: `${WHO} Only a published project with the mobile app channel on (400); once per platform (409). It goes last in the order. No segment shows it to everyone; a segment must be the platform's (400 naming the unknown ones).`,
        body: promotedCreateSchema,
        response: { 201: envelope(promotedRowSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await promoted.create(callerOf(request), request.body) }),
  );

  routes.put(
    '/api/promoted/order',
    {
      config: {
        access,
        activity: logsActivity<PromotedAnswer[]>(({ data }) => ({
          action: 'promoted.reordered',
          entityType: 'promoted',
          entityId: null,
          ...(data[0] ? { companyId: data[0].companyId } : {}),
          summary: `Reordered the ${data.length} promoted contents`,
        })),
      },
      schema: {
        tags: ['promoted'],
        summary: "Reorder the platform's promoted contents",
        description: `${WHO} ids names every promoted content of the platform once, in the new order (else 400, nothing changed). Answers the list in its new order.`,
        body: promotedOrderSchema,
        response: { 200: envelope(z.array(promotedRowSchema)), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => ({ data: await promoted.reorder(callerOf(request), request.body.ids) }),
  );

  routes.put(
    '/api/promoted/:id',
    {
      config: { access, activity: logsChange('updated', 'Changed the promotion of') },
      schema: {
        tags: ['promoted'],
        summary: "Change a promoted content's window or segments",
        description: `${WHO} A field not sent keeps its value; null opens that end of the window. The window as it will be stored must end after it starts (400). Another platform's id is 404.`,
        params: idParams,
        body: promotedUpdateSchema,
        response: { 200: envelope(promotedRowSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await promoted.update(callerOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/api/promoted/:id',
    {
      config: { access, activity: logsChange('deleted', 'Stopped promoting') },
      schema: {
        tags: ['promoted'],
        summary: 'Stop promoting a project',
        description: `${WHO} The ones after it move up. Another platform's id is 404.`,
        params: idParams,
        response: {
          200: envelope(z.object({ id: z.number().int() })),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({ data: await promoted.remove(callerOf(request), request.params.id) }),
  );
}
