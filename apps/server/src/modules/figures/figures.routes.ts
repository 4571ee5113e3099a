import {
  idParamSchema,
  figuresQuerySchema,
  FIGURES_MAX_DAYS,
  projectFiguresSchema,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRight } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { FiguresService } from './figures.service.ts';

export function registerFiguresRoutes(app: FastifyInstance, figures: FiguresService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/movie/:movieId/figures',
    {
      config: { access: requireRight('canSeeProject') },
      schema: {
        tags: ['projects'],
        summary: "A project's views, completions, watch time and choices over a range of days",
        description: `Counted from its player's events by the day the server received them (UTC). \`from\` and \`to\` are days (YYYY-MM-DD), both included; a missing \`to\` is today, a missing \`from\` 30 days before \`to\`; at most ${FIGURES_MAX_DAYS} days.`,
        params: z.object({ movieId: idParamSchema }),
        querystring: figuresQuerySchema,
        response: { 200: envelope(projectFiguresSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await figures.projectFigures(callerOf(request), request.params.movieId, request.query),
    }),
  );
}
