import type { ActivityRow } from '@plotline/core';
import type { ActivityRepository } from './activity.repository.ts';

type ActivityRecord = Awaited<ReturnType<ActivityRepository['list']>>['rows'][number];

/** An activity log entry as the log and the dashboard answer it. */
export function toActivityRow(row: ActivityRecord): ActivityRow {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_email: row.actorEmail,
    company_id: row.companyId,
    company_name: row.companyName,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    summary: row.summary,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}
