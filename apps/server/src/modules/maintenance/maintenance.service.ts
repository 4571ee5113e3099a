import {
  MAINTENANCE_RETRY_AFTER_SECONDS,
  MESSAGES,
  type MaintenanceState,
  type MaintenanceUpdate,
  type Role,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { AuthContext } from '../../access/caller.ts';
import { AppError } from '../../errors.ts';
import type { MaintenanceRepository, StoredMaintenance } from './maintenance.repository.ts';

/**
 * How long a process trusts the switch it last read. Every write asks whether maintenance is on,
 * and several API processes share the database: one switched in any of them reaches the others
 * within this time.
 */
export const MAINTENANCE_CACHE_MS = 2_000;

export interface MaintenanceServiceDeps {
  settings: Pick<MaintenanceRepository, 'read' | 'write'>;
  /** `MAINTENANCE=true`: on whatever the stored switch says. */
  forced: boolean;
  clock: Clock;
  cacheMs?: number;
}

/** The operator's maintenance switch, and what the API refuses while it is on. */
export function createMaintenanceService(deps: MaintenanceServiceDeps) {
  const { settings, forced, clock } = deps;
  const cacheMs = deps.cacheMs ?? MAINTENANCE_CACHE_MS;
  let cached: { stored: StoredMaintenance; until: number } | null = null;
  // Writes arriving together while the cache is stale share one read.
  let reading: Promise<StoredMaintenance> | null = null;

  const remember = (stored: StoredMaintenance) => {
    cached = { stored, until: clock.now().getTime() + cacheMs };
    return stored;
  };

  const stored = (): Promise<StoredMaintenance> => {
    if (cached && clock.now().getTime() < cached.until) return Promise.resolve(cached.stored);
    reading ??= settings
      .read()
      .then(remember)
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  const stateOf = ({ on, message }: StoredMaintenance): MaintenanceState => ({
    on: forced || on,
    message,
    forced,
  });

  /** The message writes are refused with while maintenance is on; null while it is off. */
  const refusal = async (): Promise<string | null> => {
    const state = stateOf(await stored());
    if (!state.on) return null;
    return state.message || MESSAGES.underMaintenance;
  };

  const assertWritesOpen = async (): Promise<void> => {
    const message = await refusal();
    if (message !== null) {
      throw new AppError(503, message, { retryAfterSeconds: MAINTENANCE_RETRY_AFTER_SECONDS });
    }
  };

  return {
    async state(): Promise<MaintenanceState> {
      return stateOf(await stored());
    },

    /** Refuses a write while maintenance is on: 503, the message, and when to try again. */
    assertWritesOpen,

    /**
     * Refuses a session to anyone but the root user while maintenance is on. The auth service asks
     * once the password is checked, so this answer tells nothing to whoever does not know one.
     */
    async assertMayStartSession(user: { role: Role }): Promise<void> {
      if (user.role !== 'king') await assertWritesOpen();
    },

    /** The root user's switch (the route lets no one else call it). */
    async update(caller: AuthContext, update: MaintenanceUpdate): Promise<MaintenanceState> {
      if (forced && !update.on) throw new AppError(409, MESSAGES.maintenanceForced);
      const next = {
        on: update.on,
        message: update.message ?? (await settings.read()).message,
      };
      await settings.write({ ...next, updatedBy: caller.userId, at: clock.now() });
      return stateOf(remember(next));
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
