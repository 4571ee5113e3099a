import {
  idParamSchema,
  segmentCreateSchema,
  segmentPreviewResultSchema,
  segmentPreviewSchema,
  segmentRowSchema,
  segmentUpdateSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { SegmentReply, SegmentsService } from './segments.service.ts';

const idParams = z.object({ id: idParamSchema });
const access = requireRight('canSeeAppSegment');
const WHO =
  "Administrators and superadmins of a platform company, on their company's segments; root on those of the platform operating the app (409 when there is none).";

const segmentActivity = (verb: string, describe: (segment: SegmentReply) => string) =>
  logsActivity<SegmentReply>(({ data }) => ({
    action: `segment.${verb}`,
    entityType: 'segment',
    entityId: data.id,
    companyId: data.companyId,
    summary: describe(data),
  }));

/** A platform's audience segments for the mobile app: presets and custom, with live counts. */
export function registerSegmentsRoutes(app: FastifyInstance, segments: SegmentsService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/segment',
    {
      config: { access },
      schema: {
        tags: ['segments'],
        summary: "The platform's segments with their viewers now",
        description: `Presets first (made on first read, never changed), then custom segments by name; each with the viewers it holds now and the promoted contents targeting it. ${WHO}`,
        response: { 200: envelope(z.array(segmentRowSchema)), ...errors(401, 403, 409) },
      },
    },
    async (request) => ({ data: await segments.list(callerOf(request)) }),
  );

  routes.post(
    '/api/segment',
    {
      config: {
        access,
        activity: segmentActivity('created', (segment) => `Created the segment "${segment.name}"`),
      },
      schema: {
        tags: ['segments'],
        summary: 'Create a custom segment',
        description: `A name and rules (a field, an operator that field takes and a value of its kind per condition: 400 naming what is wrong). ${WHO}`,
        body: segmentCreateSchema,
        response: { 201: envelope(segmentRowSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const row = await segments.create(callerOf(request), request.body);
      return reply.status(201).send({ data: row });
    },
  );

  routes.post(
    '/api/segment/preview',
    {
      config: { access },
      schema: {
        tags: ['segments'],
        summary: 'How many viewers rules would hold now',
        description: `For the rule builder's live count; nothing is stored. ${WHO}`,
        body: segmentPreviewSchema,
        response: { 200: envelope(segmentPreviewResultSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      data: await segments.preview(callerOf(request), request.body.rules),
    }),
  );

  routes.put(
    '/api/segment/:id',
    {
      config: {
        access,
        activity: segmentActivity('updated', (segment) => `Changed the segment "${segment.name}"`),
      },
      schema: {
        tags: ['segments'],
        summary: "Change a custom segment's name or rules",
        description: `A preset is refused (409); another platform's segment is 404. ${WHO}`,
        params: idParams,
        body: segmentUpdateSchema,
        response: { 200: envelope(segmentRowSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await segments.update(callerOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/api/segment/:id',
    {
      config: {
        access,
        activity: segmentActivity('deleted', (segment) => `Deleted the segment "${segment.name}"`),
      },
      schema: {
        tags: ['segments'],
        summary: 'Delete a custom segment',
        description: `Refused (409) for a preset and while a promoted content targets the segment; another platform's segment is 404. ${WHO}`,
        params: idParams,
        response: {
          200: envelope(z.object({ id: z.number().int() })),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({ data: await segments.remove(callerOf(request), request.params.id) }),
  );
}
