import {
  MESSAGES,
  promotedStatus,
  type Page,
  type PromotedCreate,
  type PromotedRow,
  type PromotedUpdate,
  type promotedCandidateSchema,
} from '@plotline/core';
import type { z } from 'zod';
import type { AuthContext } from '../../access/caller.ts';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import { refuseDuplicate } from '../../db/errors.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import type { Executor } from '../../db/database.ts';
import { PROMOTED_MOVIE_UNIQUE } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { PromotedRecord, PromotedRepository, PromotedWindow } from './promoted.repository.ts';

type PromotedCandidate = z.infer<typeof promotedCandidateSchema>;

/** A promoted row as answered, with the platform it belongs to (for the activity log only). */
export type PromotedAnswer = PromotedRow & { companyId: number };

/** Which platform company a caller's promoted and segment calls act for (modules/app-viewers). */
export interface AppOperatorResolver {
  companyFor(caller: AuthContext): Promise<number>;
}

const parseInstant = (value: string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value);

export function createPromotedService(deps: {
  promoted: Pick<
    PromotedRepository,
    | 'listPromoted'
    | 'findPromoted'
    | 'isCandidate'
    | 'findCompanySegmentIds'
    | 'lockCompanyPromoted'
    | 'insertPromoted'
    | 'updateWindow'
    | 'replaceSegments'
    | 'deletePromoted'
    | 'listIds'
    | 'setOrder'
    | 'listCandidates'
  >;
  operator: AppOperatorResolver;
  blobs: Pick<BlobStore, 'publicUrl'>;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { promoted, operator, blobs, clock, transaction } = deps;
  const urlOf = (key: string | null) => (key ? blobs.publicUrl(key) : null);

  function toRow(record: PromotedRecord, now: Date): PromotedAnswer {
    return {
      id: record.id,
      position: record.position,
      movie_id: record.movieId,
      slug: record.slug,
      title: record.title,
      synopsis: record.synopsis,
      thumbnail_desktop: urlOf(record.thumbnailDesktopKey),
      thumbnail_mobile: urlOf(record.thumbnailMobileKey),
      company_name: record.companyName,
      starts_at: record.startsAt?.toISOString() ?? null,
      ends_at: record.endsAt?.toISOString() ?? null,
      segments: record.segments,
      status: promotedStatus(record, now),
      companyId: record.companyId,
    };
  }

  /** The platform's promoted content `id`; another platform's is as unknown as a missing one. */
  async function ownItem(companyId: number, id: number, tx?: Executor): Promise<PromotedRecord> {
    const found = await promoted.findPromoted(id, tx);
    if (!found || found.companyId !== companyId) {
      throw new AppError(404, MESSAGES.promotedNotFound);
    }
    return found;
  }

  /** Refuses segment ids that are not the platform's, naming them. */
  async function checkSegments(companyId: number, ids: number[], tx: Executor): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = new Set(await promoted.findCompanySegmentIds(companyId, unique, tx));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError(400, MESSAGES.segmentsNotFound.replace('{ids}', missing.join(', ')));
    }
    return unique;
  }

  async function answer(companyId: number, id: number, tx?: Executor): Promise<PromotedAnswer> {
    return toRow(await ownItem(companyId, id, tx), clock.now());
  }

  return {
    /** The platform's promoted contents in the order the feed shows them, with their status now. */
    async list(caller: AuthContext): Promise<PromotedAnswer[]> {
      const companyId = await operator.companyFor(caller);
      const now = clock.now();
      return (await promoted.listPromoted(companyId)).map((record) => toRow(record, now));
    },

    /** Promotes a published app-channel project, last in the order. */
    async create(caller: AuthContext, body: PromotedCreate): Promise<PromotedAnswer> {
      const companyId = await operator.companyFor(caller);
      const id = await transaction(async (tx) => {
        if (!(await promoted.isCandidate(body.movie_id, tx))) {
          throw new AppError(400, MESSAGES.promotedNotCandidate);
        }
        const segmentIds = await checkSegments(companyId, body.segment_ids, tx);
        await promoted.lockCompanyPromoted(companyId, tx);
        const created = await refuseDuplicate(
          { constraint: PROMOTED_MOVIE_UNIQUE, message: MESSAGES.promotedTaken },
          () =>
            promoted.insertPromoted(
              {
                companyId,
                movieId: body.movie_id,
                window: {
                  startsAt: parseInstant(body.starts_at),
                  endsAt: parseInstant(body.ends_at),
                },
                at: clock.now(),
              },
              tx,
            ),
        );
        await promoted.replaceSegments(created, segmentIds, tx);
        return created;
      });
      return answer(companyId, id);
    },

    /**
     * Changes a promoted content's window or segments; a field not sent keeps its value, null
     * opens that end of the window. The window is checked as it will be stored.
     */
    async update(caller: AuthContext, id: number, body: PromotedUpdate): Promise<PromotedAnswer> {
      const companyId = await operator.companyFor(caller);
      await transaction(async (tx) => {
        const item = await ownItem(companyId, id, tx);
        const window: PromotedWindow = {
          startsAt: body.starts_at === undefined ? item.startsAt : parseInstant(body.starts_at),
          endsAt: body.ends_at === undefined ? item.endsAt : parseInstant(body.ends_at),
        };
        if (window.startsAt && window.endsAt && window.endsAt <= window.startsAt) {
          throw new AppError(400, MESSAGES.promotedWindowEnds);
        }
        if (body.segment_ids !== undefined) {
          const segmentIds = await checkSegments(companyId, body.segment_ids, tx);
          await promoted.replaceSegments(id, segmentIds, tx);
        }
        await promoted.updateWindow(id, window, clock.now(), tx);
      });
      return answer(companyId, id);
    },

    /** Removes a promoted content; the ones after it move up. */
    async remove(caller: AuthContext, id: number): Promise<PromotedAnswer> {
      const companyId = await operator.companyFor(caller);
      return transaction(async (tx) => {
        await promoted.lockCompanyPromoted(companyId, tx);
        const item = await ownItem(companyId, id, tx);
        await promoted.deletePromoted(item, tx);
        return toRow(item, clock.now());
      });
    },

    /** Puts the platform's promoted contents in the order of `ids`, which must name each once. */
    async reorder(caller: AuthContext, ids: number[]): Promise<PromotedAnswer[]> {
      const companyId = await operator.companyFor(caller);
      await transaction(async (tx) => {
        await promoted.lockCompanyPromoted(companyId, tx);
        const current = await promoted.listIds(companyId, tx);
        const sent = new Set(ids);
        if (
          sent.size !== ids.length ||
          ids.length !== current.length ||
          current.some((id) => !sent.has(id))
        ) {
          throw new AppError(400, MESSAGES.promotedOrderMismatch);
        }
        await promoted.setOrder(companyId, ids, clock.now(), tx);
      });
      const now = clock.now();
      return (await promoted.listPromoted(companyId)).map((record) => toRow(record, now));
    },

    /** Published app-channel projects of every company, newest first, to pick from. */
    async candidates(
      caller: AuthContext,
      query: { search?: string | undefined; page: number; perPage: number },
    ): Promise<Page<PromotedCandidate>> {
      const companyId = await operator.companyFor(caller);
      const page = await promoted.listCandidates(companyId, {
        search: query.search || undefined,
        page: query.page,
        perPage: query.perPage,
      });
      return {
        total: page.total,
        rows: page.rows.map((row) => ({
          movie_id: row.movieId,
          slug: row.slug,
          title: row.title,
          thumbnail_desktop: urlOf(row.thumbnailDesktopKey),
          company_name: row.companyName,
          series_title: row.seriesTitle,
          episode_number: row.episodeNumber,
          published_at: row.publishedAt,
          promoted: row.promoted,
        })),
      };
    },
  };
}

export type PromotedService = ReturnType<typeof createPromotedService>;
