import { MESSAGES, type MaintenanceState, type MaintenanceUpdate } from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { AuthContext } from '../../access/caller.ts';
import { AppError } from '../../errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { MaintenanceRepository, StoredMaintenance } from './maintenance.repository.ts';

/**
 * How long a process trusts the switch it last read. Every write asks whether maintenance is on,
 * and several API processes share the database: one switched in any of them reaches the others
 * within this time.
 */
export const MAINTENANCE_CACHE_MS = 2_000;

export interface MaintenanceServiceDeps {
  settings: Pick<MaintenanceRepository, 'read' | 'write'>;
  users: Pick<UsersRepository, 'findUserByEmail'>;
  /** `MAINTENANCE=true`: on whatever the stored switch says. */
  forced: boolean;
  clock: Clock;
  cacheMs?: number;
}

/** The operator's maintenance switch, and what the API refuses while it is on. */
export function createMaintenanceService(deps: MaintenanceServiceDeps) {
  const { settings, users, forced, clock } = deps;
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

  return {
    refusal,

    async state(): Promise<MaintenanceState> {
      return stateOf(await stored());
    },

    /** Whether an address is the root user's: the only one that signs in during maintenance. */
    async isRootAddress(email: string): Promise<boolean> {
      return (await users.findUserByEmail(email))?.role === 'king';
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
