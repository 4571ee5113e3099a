import type { AppPlatform, Language, ViewerFacts } from '@plotline/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { appViewerChoices, appViewerMovies, appViewers, companies } from '../../db/schema/index.ts';

/** A viewer as the app's calls know it once its token is checked. */
export interface AppViewer {
  id: number;
  /** The platform company whose app the viewer uses. */
  companyId: number;
  platform: AppPlatform;
  language: Language;
}

/** What one batch of a viewer's events tells of them. */
export interface ViewingFacts {
  viewerId: number;
  movieId: number;
  /** `start` events in the batch. */
  starts: number;
  /** The batch reached an ending of the project. */
  completed: boolean;
  /** Options chosen (`movie_plot_id`s). */
  chose: number[];
  /** The UTC day the batch was received on, `YYYY-MM-DD`. */
  day: string;
}

/** How stale `last_seen_at` may grow before an app call writes it again. */
const LAST_SEEN_STEP_MS = 60_000;

export function createAppViewersRepository(db: Executor) {
  return {
    /**
     * The platform company operating the app: `preferred` (APP_COMPANY_ID) when it is an active
     * platform company, else, when none is preferred, the oldest active platform company.
     */
    async findOperatorCompanyId(preferred: number | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            eq(companies.type, 'platform'),
            eq(companies.status, 'active'),
            preferred === null ? undefined : eq(companies.id, preferred),
          ),
        )
        .orderBy(asc(companies.createdAt), asc(companies.id))
        .limit(1);
      return row?.id ?? null;
    },

    async insertViewer(
      viewer: {
        companyId: number;
        tokenHash: string;
        platform: AppPlatform;
        language: Language;
        at: Date;
      },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(appViewers)
        .values({
          companyId: viewer.companyId,
          tokenHash: viewer.tokenHash,
          platform: viewer.platform,
          language: viewer.language,
          firstSeenAt: viewer.at,
          lastSeenAt: viewer.at,
        })
        .returning({ id: appViewers.id });
      return row!.id;
    },

    /**
     * The viewer holding the token, seen at `at`; null for an unknown token. One statement, which
     * writes `last_seen_at` only when it is a minute or more older than `at`: an app calling
     * several times a minute would otherwise write the row on every call (a few milliseconds of
     * each feed call on PostgreSQL), for a time nothing reads finer than that.
     */
    async touchViewer(tokenHash: string, at: Date, tx: Executor = db): Promise<AppViewer | null> {
      const staleBefore = new Date(at.getTime() - LAST_SEEN_STEP_MS);
      const [row] = await selectRows<AppViewer>(
        tx,
        sql`with found as (
            select ${appViewers.id} as id, ${appViewers.companyId} as "companyId",
              ${appViewers.platform} as platform, ${appViewers.language} as language,
              ${appViewers.lastSeenAt} as last_seen_at
            from ${appViewers} where ${eq(appViewers.tokenHash, tokenHash)}
          ), touched as (
            update ${appViewers} set last_seen_at = ${at.toISOString()}::timestamptz from found
            where ${appViewers.id} = found.id and found.last_seen_at <= ${staleBefore.toISOString()}::timestamptz
          )
          select id, "companyId", platform, language from found`,
      );
      return row ?? null;
    },

    /**
     * Adds what a batch of events tells of its viewer to what the segments read: views and the
     * days they fell on, the project started or completed, the options chosen.
     */
    async addViewingFacts(facts: ViewingFacts, tx: Executor = db): Promise<void> {
      if (facts.starts > 0) {
        // A day counts once; a day before the last one counted (a clock set back) counts not again.
        await tx
          .update(appViewers)
          .set({
            views: sql`${appViewers.views} + ${facts.starts}`,
            viewDays: sql`${appViewers.viewDays} + case when ${appViewers.lastViewDay} is null or ${appViewers.lastViewDay} < ${facts.day}::date then 1 else 0 end`,
            lastViewDay: sql`greatest(${appViewers.lastViewDay}, ${facts.day}::date)`,
          })
          .where(eq(appViewers.id, facts.viewerId));
      }
      if (facts.starts > 0 || facts.completed) {
        // An ending reached is a project started, whichever batch carried its start.
        await tx
          .insert(appViewerMovies)
          .values({ viewerId: facts.viewerId, movieId: facts.movieId, completed: facts.completed })
          .onConflictDoUpdate({
            target: [appViewerMovies.viewerId, appViewerMovies.movieId],
            set: { completed: sql`${appViewerMovies.completed} or excluded.completed` },
          });
      }
      if (facts.chose.length > 0) {
        await tx
          .insert(appViewerChoices)
          .values([...new Set(facts.chose)].map((plotId) => ({ viewerId: facts.viewerId, plotId })))
          .onConflictDoNothing();
      }
    },

    /** What the segments read of one viewer, in one query; null for an unknown id. */
    async findFacts(
      viewerId: number,
      tx: Executor = db,
    ): Promise<(ViewerFacts & { companyId: number }) | null> {
      const ids = (subquery: ReturnType<typeof sql>) =>
        sql<number[]>`coalesce((${subquery}), '{}'::int[])`;
      const [row] = await tx
        .select({
          companyId: appViewers.companyId,
          platform: appViewers.platform,
          language: appViewers.language,
          firstSeenAt: appViewers.firstSeenAt,
          views: appViewers.views,
          viewDays: appViewers.viewDays,
          watched: ids(
            sql`select array_agg(m.movie_id) from ${appViewerMovies} m where m.viewer_id = ${appViewers.id}`,
          ),
          completed: ids(
            sql`select array_agg(m.movie_id) from ${appViewerMovies} m where m.viewer_id = ${appViewers.id} and m.completed`,
          ),
          chose: ids(
            sql`select array_agg(c.plot_id) from ${appViewerChoices} c where c.viewer_id = ${appViewers.id}`,
          ),
        })
        .from(appViewers)
        .where(eq(appViewers.id, viewerId));
      if (!row) return null;
      return {
        ...row,
        watched: new Set(row.watched),
        completed: new Set(row.completed),
        chose: new Set(row.chose),
      };
    },
  };
}

export type AppViewersRepository = ReturnType<typeof createAppViewersRepository>;
