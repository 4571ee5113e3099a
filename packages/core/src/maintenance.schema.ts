import { z } from 'zod';
import { MAINTENANCE_MESSAGE_MAX_LENGTH } from './maintenance.ts';
import { formatMessage, MESSAGES } from './messages.ts';

/** GET /api/maintenance. */
export const maintenanceStateSchema = z.object({
  on: z.boolean(),
  message: z.string().describe("The operator's message; empty for the default one"),
  forced: z.boolean().describe('MAINTENANCE=true holds it on: the switch cannot turn it off'),
});

/** PUT /api/maintenance: the root user's switch; a message left out keeps the stored one. */
export const maintenanceUpdateSchema = z.strictObject({
  on: z.boolean(),
  message: z
    .string()
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX_LENGTH, {
      error: formatMessage(MESSAGES.maintenanceMessageTooLong, {
        max: MAINTENANCE_MESSAGE_MAX_LENGTH,
      }),
    })
    .optional(),
});
export type MaintenanceUpdate = z.infer<typeof maintenanceUpdateSchema>;
