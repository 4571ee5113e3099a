import type { Executor } from '../../db/database.ts';
import { activityLog } from '../../db/schema/index.ts';

export interface ActivityEntry {
  actorId: number | null;
  companyId: number | null;
  /** What happened, as `entity.verb`: `auth.login`, `user.disabled`. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  at: Date;
}

export function createActivityRepository(db: Executor) {
  return {
    async record(entry: ActivityEntry, tx: Executor = db): Promise<void> {
      await tx.insert(activityLog).values({
        actorId: entry.actorId,
        companyId: entry.companyId,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId === null ? null : String(entry.entityId),
        details: entry.details ?? null,
        ip: entry.ip ?? null,
        createdAt: entry.at,
      });
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
