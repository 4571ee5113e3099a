import {
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  MAINTENANCE_RETRY_AFTER_SECONDS,
  maintenanceStateSchema,
  maintenanceUpdateSchema,
  type MaintenanceState,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, publicAccess, rootOnly } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { MAINTENANCE_CACHE_MS, type MaintenanceService } from './maintenance.service.ts';

const REFUSALS =
  `While it is on, every other write call answers 503 with the message and Retry-After: ${MAINTENANCE_RETRY_AFTER_SECONDS}, ` +
  "but for the root user's, signing out, and the public player's and the App API's calls; " +
  'sign-in is open to the root user only. Reads keep working.';

/** Maintenance mode: read by anyone (the studio shows its page), switched by the root user. */
export function registerMaintenanceRoutes(app: FastifyInstance, maintenance: MaintenanceService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/maintenance',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['maintenance'],
        summary: 'Whether the API is in maintenance, and the message to show',
        description: `Public, so the studio can show its maintenance page to anyone. ${REFUSALS}`,
        response: { 200: envelope(maintenanceStateSchema) },
      },
    },
    async () => ({ data: await maintenance.state() }),
  );

  routes.put(
    '/api/maintenance',
    {
      config: {
        access: rootOnly,
        activity: logsActivity<MaintenanceState>(({ data }) => ({
          action: data.on ? 'maintenance.on' : 'maintenance.off',
          entityType: 'operator_settings',
          entityId: 1,
          companyId: null,
          summary: data.on
            ? `Switched maintenance mode on${data.message ? `: "${data.message}"` : ''}`
            : 'Switched maintenance mode off',
        })),
      },
      schema: {
        tags: ['maintenance'],
        summary: 'Switch maintenance mode on or off (root only)',
        description: `The root user alone (403 for anyone else). \`message\` (at most ${MAINTENANCE_MESSAGE_MAX_LENGTH} characters, trimmed; empty for the default) is shown on the studio's maintenance page and sent with every refusal; left out, the stored one is kept. Every API process sees the switch within ${MAINTENANCE_CACHE_MS / 1000} seconds. When the server's MAINTENANCE=true holds it on, switching it off is a 409. ${REFUSALS}`,
        body: maintenanceUpdateSchema,
        response: { 200: envelope(maintenanceStateSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => ({ data: await maintenance.update(callerOf(request), request.body) }),
  );
}
