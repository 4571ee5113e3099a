import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../http/access.ts';
import { envelope } from '../../http/schemas.ts';
import { checkReadiness, type ReadinessPart } from './health.service.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

const partStatus = z.enum(['ok', 'failed', 'timeout']);
const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  parts: z.object({ database: partStatus, blobStore: partStatus, queue: partStatus }),
});

/**
 * `/api/health`: the process is up and its database answers (liveness). `/api/ready`: the database,
 * the blob store and the job queue all answer, each within a short timeout (readiness: send
 * traffic here).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  health: {
    ping(): Promise<void>;
    database: 'pglite' | 'postgres';
    blobs: { ping(): Promise<void> };
    queue: { depth(): Promise<unknown> };
  },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: envelope(healthSchema) },
      },
    },
    async () => {
      await health.ping();
      return { data: { status: 'ok' as const, database: health.database } };
    },
  );

  typed.get(
    '/api/ready',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, blob store and job queue reachable',
        description:
          'Each part is asked with a short timeout. 503 names the parts that failed or did not answer; why is in the log.',
        response: {
          200: envelope(readySchema),
          503: envelope(readySchema).extend({ message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const { ready, parts } = await checkReadiness(
        {
          database: () => health.ping(),
          blobStore: () => health.blobs.ping(),
          queue: () => health.queue.depth(),
        },
        (part, error) => request.log.warn({ err: error, part }, 'readiness check failed'),
      );
      const data = { status: ready ? ('ready' as const) : ('not-ready' as const), parts };
      if (ready) return { data };
      const failed = (Object.keys(parts) as ReadinessPart[]).filter((part) => parts[part] !== 'ok');
      return reply.status(503).send({ message: `Not ready: ${failed.join(', ')}`, data });
    },
  );
}
