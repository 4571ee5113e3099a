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
import { FIGURES_CSV_COLUMNS, type FiguresService } from './figures.service.ts';

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

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/movie/:movieId/figures.csv',
    {
      config: { access: requireRight('canSeeProject') },
      schema: {
        tags: ['projects'],
        summary: "A project's figures per node over a range of days, as a CSV file",
        description: `The range as for /api/movie/{movieId}/figures. A header line, then one line per node of the plot in reading order: \`${FIGURES_CSV_COLUMNS.join(',')}\` (\`type\` clip or bridge, \`item\` its file name, \`chosen\` the viewings that took it as an option of a choice, empty when it is none, \`default_taken\` those whose timer took its default, empty for an untimed node, \`host_taken\` those of a choice whose option the page embedding the player took, empty when it is none). Every cell is quoted; one that starts with =, +, - or @ gets a leading apostrophe.`,
        params: z.object({ movieId: idParamSchema }),
        querystring: figuresQuerySchema,
        response: {
          // fastify-swagger takes a response's `content` as it stands.
          200: z.string().meta({
            description: 'The CSV file, as an attachment named for the project and the range',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await figures.projectFiguresCsv(
        callerOf(request),
        request.params.movieId,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
