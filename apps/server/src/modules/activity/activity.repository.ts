import type { ActivityEntityType } from '@plotline/core';
import { aliasedTable, and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { activityLog, companies, users } from '../../db/schema/index.ts';

export interface ActivityEntry {
  actorId: number | null;
  companyId: number | null;
  /** What happened, as `entity.verb`: `auth.login`, `user.disabled`. */
  action: string;
  entityType: ActivityEntityType;
  entityId: string | number | null;
  summary: string;
  details?: Record<string, unknown>;
  ip?: string | null;
  at: Date;
}

export interface ActivityFilter {
  actorId?: number | undefined;
  companyId?: number | undefined;
  entityType?: ActivityEntityType | undefined;
  /** Any one of these entity types. */
  entityTypes?: readonly ActivityEntityType[] | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
  page: number;
  perPage: number;
}

const actors = aliasedTable(users, 'actors');

export function createActivityRepository(db: Executor) {
  return {
    async record(entry: ActivityEntry, tx: Executor = db): Promise<void> {
      await tx.insert(activityLog).values({
        actorId: entry.actorId,
        companyId: entry.companyId,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId === null ? null : String(entry.entityId),
        summary: entry.summary,
        details: entry.details ?? null,
        ip: entry.ip ?? null,
        createdAt: entry.at,
      });
    },

    async list(filter: ActivityFilter, tx: Executor = db) {
      const conditions: SQL[] = [];
      if (filter.actorId !== undefined) conditions.push(eq(activityLog.actorId, filter.actorId));
      if (filter.companyId !== undefined)
        conditions.push(eq(activityLog.companyId, filter.companyId));
      if (filter.entityType) conditions.push(eq(activityLog.entityType, filter.entityType));
      if (filter.entityTypes) {
        conditions.push(inArray(activityLog.entityType, [...filter.entityTypes]));
      }
      if (filter.from) conditions.push(gte(activityLog.createdAt, filter.from));
      if (filter.until) conditions.push(lt(activityLog.createdAt, filter.until));
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await tx
        .select({
          id: activityLog.id,
          actorId: activityLog.actorId,
          actorName: actors.name,
          actorEmail: actors.email,
          companyId: activityLog.companyId,
          companyName: companies.name,
          action: activityLog.action,
          entityType: activityLog.entityType,
          entityId: activityLog.entityId,
          summary: activityLog.summary,
          ip: activityLog.ip,
          createdAt: activityLog.createdAt,
        })
        .from(activityLog)
        .leftJoin(actors, eq(actors.id, activityLog.actorId))
        .leftJoin(companies, eq(companies.id, activityLog.companyId))
        .where(where)
        .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage);
      const [total] = await tx.select({ value: count() }).from(activityLog).where(where);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
