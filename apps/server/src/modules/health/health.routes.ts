import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../http/access.ts';
import { envelope } from '../../http/schemas.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** Answers once the database answers; a load balancer's readiness probe. */
export function registerHealthRoutes(
  app: FastifyInstance,
  health: { ping(): Promise<void>; database: 'pglite' | 'postgres' },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
