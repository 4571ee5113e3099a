/**
 * Maintenance mode (spec §2 `/maintenance`): while it is on, the API refuses writes with 503 and
 * `Retry-After`, but for the root user, signing out, and what the public player sends.
 */

/** How long a refused write is told to wait before it tries again (`Retry-After`, seconds). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** The operator's message is shown on the maintenance page and sent with every refusal. */
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 500;

/** Maintenance mode as `GET /api/maintenance` tells it. */
export interface MaintenanceState {
  on: boolean;
  /** The operator's message; empty means the default one. */
  message: string;
  /** Whether the server's `MAINTENANCE=true` holds it on, whatever the studio's switch says. */
  forced: boolean;
}
