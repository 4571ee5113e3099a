import type { ActivityEntityType } from '@plotline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../adapters/clock.ts';

/** What a successful call did, as its route describes it from the reply's data. */
export interface ActivityDescription {
  action: string;
  entityType: ActivityEntityType;
  entityId: string | number | null;
  summary: string;
  /** The company concerned; defaults to the caller's. */
  companyId?: number | null;
}

export type DescribeActivity = (context: {
  request: FastifyRequest;
  data: unknown;
}) => ActivityDescription;

declare module 'fastify' {
  interface FastifyContextConfig {
    activity?: DescribeActivity;
  }
}

/** A route's activity description, typed by the data its reply carries. */
export function logsActivity<Data>(
  describe: (context: { request: FastifyRequest; data: Data }) => ActivityDescription,
): DescribeActivity {
  return describe as DescribeActivity;
}

/** An entry of the log as this hook writes it, with who did it, from where and when. */
export type LoggedActivity = Omit<ActivityDescription, 'companyId'> & {
  actorId: number | null;
  companyId: number | null;
  ip: string;
  at: Date;
};

/**
 * Writes the activity log for every route that declares `config.activity`, once its reply is known
 * to be a success: routes and services never write it themselves. The actor is the caller — for
 * sign-in and sign-up, the caller the request has just made (`request.caller`).
 */
export function registerActivityLog(
  app: FastifyInstance,
  /** The activity module's repository, by the one call the hook makes: http/ imports no module. */
  activity: { record(entry: LoggedActivity): Promise<void> },
  clock: Clock,
): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const describe = request.routeOptions.config.activity;
    if (!describe || reply.statusCode >= 400) return payload;
    const description = describe({ request, data: (payload as { data?: unknown }).data });
    try {
      await activity.record({
        actorId: request.caller?.userId ?? null,
        companyId:
          description.companyId === undefined
            ? (request.caller?.companyId ?? null)
            : description.companyId,
        action: description.action,
        entityType: description.entityType,
        entityId: description.entityId,
        summary: description.summary,
        ip: request.ip,
        at: clock.now(),
      });
    } catch (error) {
      // The change itself has been made: the caller must hear so, and the gap must be visible.
      request.log.error({ err: error, activity: description }, 'activity log entry lost');
    }
    return payload;
  });
}
