import { dashboardSchema } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, signedIn } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { DashboardService } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard',
    {
      config: { access: signedIn },
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's dashboard: each part their rights allow, null otherwise",
        description:
          "projects (singles and episodes) and views (the last 30 days up to today) are the caller's company's (canSeeProject); companies needs canSeeCompanyList; recent_activity is the last 8 changes of projects of the caller's company (canSeeProject), or of every company (canSeeActivityLog); last_draft is the company's draft changed last (canAddProject).",
        response: { 200: envelope(dashboardSchema), ...errors(401) },
      },
    },
    async (request) => ({ data: await dashboard.dashboard(callerOf(request)) }),
  );
}
