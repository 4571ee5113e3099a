import {
  idParamSchema,
  LINEAR_CUT_PATH_MAX,
  linearCutRequestSchema,
  linearCutSchema,
  type LinearCut,
} from '@plotline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import type { BlobStore } from '../../adapters/blob-store.ts';
import { callerOf, requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { LINEAR_CUTS_ACTIVE_MAX, type LinearCutsService } from './linear-cuts.service.ts';

const cutParams = z.object({ movieId: idParamSchema, id: idParamSchema });
/** Whoever may read the project lists and downloads its cuts. */
const readsProject = requireRight('canSeeProject', 'canAddProject');
/**
 * Making or deleting a cut is work on the project (a render, a file in its folder): the right to
 * change projects, as every other project write. Published projects are cut too: publishing makes
 * the story final, not its renders.
 */
const changesCuts = requireRight('canAddProject');

const mp4Reply = (description: string) =>
  // fastify-swagger takes a response's `content` as it stands.
  z.unknown().meta({
    description,
    content: { 'video/mp4': { schema: { type: 'string', format: 'binary' } } },
  });

/**
 * A ready cut's MP4 as an attachment, whole or the one range asked (206; 416 beyond the file):
 * what its route and a download ticket answer alike. Streamed through the store even where it
 * signs URLs: an API client fetches it with its session's header, which a redirect to another
 * origin would carry into a CORS refusal.
 */
export async function sendCutFile(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  { key, fileName }: { key: string; fileName: string },
): Promise<FastifyReply> {
  const size = await blobs.size(key);
  if (size === null) throw new Error(`Linear cut file ${key} is missing`);
  void reply
    .header('content-type', 'video/mp4')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('accept-ranges', 'bytes');
  const ranges = request.headers.range
    ? parseRange(size, request.headers.range, { combine: true })
    : -2;
  if (ranges === -1) {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  // A malformed header, or several ranges (which would need multipart replies): the whole file.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
    return reply.header('content-length', size).send(await blobs.read(key));
  }
  const { start, end } = ranges[0]!;
  return reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1)
    .send(await blobs.read(key, { start, end }));
}

/**
 * Linear cuts of a project (core `linear-cut.ts`): one path rendered into one MP4 by a job,
 * listed with their progress, downloaded when ready, deleted.
 */
export function registerLinearCutsRoutes(
  app: FastifyInstance,
  linearCuts: LinearCutsService,
  blobs: BlobStore,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/movie/:movieId/linear-cuts',
    {
      config: {
        access: changesCuts,
        activity: logsActivity<LinearCut>(({ request, data }) => ({
          action: 'linear_cut.created',
          entityType: 'linear_cut',
          entityId: data.id,
          summary: `Asked for linear cut ${data.id} of project ${(request.params as { movieId: number }).movieId}, ${data.path.length} nodes long`,
        })),
      },
      schema: {
        tags: ['projects'],
        summary: 'Render one path of the story into one MP4',
        description: `choices: the option node picked at each choice, in order; automatic branches, "continue at" links and single options follow by themselves, as in the player (at most ${LINEAR_CUT_PATH_MAX} nodes). 400 when a pick is not offered where it is used, when the path needs a choice the picks lack ("Choose an option at node …"), when picks are left over at the ending, or when no item of the path has subtitles in language_id. 409 when an item of the path is not transcoded yet, or when ${LINEAR_CUTS_ACTIVE_MAX} cuts of the project are under way. For whoever may change projects (canAddProject), draft or published: the story itself is not changed. Answers the queued cut; a job renders it (H.264 and AAC, the language's subtitles as a mov_text track).`,
        params: z.object({ movieId: idParamSchema }),
        body: linearCutRequestSchema,
        response: { 202: envelope(linearCutSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const cut = await linearCuts.requestCut(
        callerOf(request),
        request.params.movieId,
        request.body,
      );
      return reply.status(202).send({ data: cut });
    },
  );

  routes.get(
    '/api/movie/:movieId/linear-cuts',
    {
      config: { access: readsProject },
      schema: {
        tags: ['projects'],
        summary: "The project's linear cuts, newest first",
        description:
          'status: queued, rendering (progress from 0 to 1), ready, failed (error says why).',
        params: z.object({ movieId: idParamSchema }),
        response: { 200: envelope(z.array(linearCutSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await linearCuts.listCuts(callerOf(request), request.params.movieId),
    }),
  );

  routes.get(
    '/api/movie/:movieId/linear-cuts/:id',
    {
      config: { access: readsProject },
      schema: {
        tags: ['projects'],
        summary: 'One linear cut and its progress',
        params: cutParams,
        response: { 200: envelope(linearCutSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await linearCuts.getCut(callerOf(request), request.params.movieId, request.params.id),
    }),
  );

  routes.get(
    '/api/movie/:movieId/linear-cuts/:id/file',
    {
      config: { access: readsProject },
      schema: {
        tags: ['projects'],
        summary: "A ready linear cut's MP4, as a download",
        description:
          'An attachment, streamed from the blob store; answers Range requests with 206. 409 while the cut is not ready.',
        params: cutParams,
        response: {
          200: mp4Reply('The whole file'),
          206: mp4Reply('The asked range of the file'),
          ...errors(400, 401, 403, 404, 409),
          416: z.undefined().describe('The range lies beyond the file'),
        },
      },
    },
    async (request, reply) =>
      sendCutFile(
        request,
        reply,
        blobs,
        await linearCuts.cutFile(callerOf(request), request.params.movieId, request.params.id),
      ),
  );

  routes.delete(
    '/api/movie/:movieId/linear-cuts/:id',
    {
      config: {
        access: changesCuts,
        activity: logsActivity<LinearCut>(({ request, data }) => ({
          action: 'linear_cut.deleted',
          entityType: 'linear_cut',
          entityId: data.id,
          summary: `Deleted linear cut ${data.id} of project ${(request.params as { movieId: number }).movieId}`,
        })),
      },
      schema: {
        tags: ['projects'],
        summary: 'Delete a linear cut and its file',
        description: 'A render under way is dropped: its output is thrown away.',
        params: cutParams,
        response: { 200: envelope(linearCutSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await linearCuts.deleteCut(
        callerOf(request),
        request.params.movieId,
        request.params.id,
      ),
    }),
  );
}
