import type { Executor } from '../../db/database.ts';
import { PROMOTED_MOVIE_UNIQUE } from '../../db/schema/index.ts';
import type {
  PromotedRecord,
  PromotedRepository,
  PromotedWindow,
} from '../../modules/promoted/promoted.repository.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';
import type { FakeMovieRow, FakeMovies } from './fake-projects.ts';
import { targetSegment, type FakeSegmentRows, type FakeTargetingRows } from './fake-segments.ts';

/** A row of the fake `promoted_items` table. */
export interface FakePromotedRow extends PromotedWindow {
  id: number;
  companyId: number;
  movieId: number;
  position: number;
  updatedAt: Date;
}

/** What the promoted calls read of a project's company: its name, and whether it is active. */
export interface FakeCompanyRow {
  id: number;
  name: string;
  status: 'active' | 'disabled';
}

export interface FakePromotedTables {
  movies: FakeMovies;
  companies: FakeTable<FakeCompanyRow>;
  promoted: FakeTable<FakePromotedRow>;
  segments: FakeSegmentRows;
  targeting: FakeTargetingRows;
}

/** What PostgreSQL throws for a broken unique constraint, as `db/errors.ts` reads it. */
const uniqueViolation = (constraint: string) =>
  Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), {
    code: '23505',
    constraint,
  });

/**
 * The promoted repository over fake tables, with the database's rules: a platform promotes a
 * project once (the unique constraint), a new one goes last, a deleted one's followers move up and
 * its segment links go with it (their key cascades), and a project is a candidate while it is
 * published on the app channel by an active company. Its candidates' search and paging are SQL
 * and left to the medium tests: a test that needs `listCandidates` gives its own.
 */
export function createFakePromoted(db: FakeDatabase, tables: FakePromotedTables) {
  const { movies, companies, promoted, segments, targeting } = tables;

  const ofCompany = (companyId: number, tx?: Executor) =>
    promoted
      .rows(tx)
      .filter((row) => row.companyId === companyId)
      .sort((a, b) => a.position - b.position || a.id - b.id);

  const onAppChannel = (movie: FakeMovieRow | null, tx?: Executor) =>
    movie !== null &&
    movie.status === 'published' &&
    movie.appChannelOn &&
    companies.find(movie.companyId, tx)?.status === 'active';

  /** The inner joins with `movies` and `companies`, and the row's segments in id order. */
  function asRecord(row: FakePromotedRow, tx?: Executor): PromotedRecord[] {
    const movie = movies.find(row.movieId, tx);
    const company = movie && companies.find(movie.companyId, tx);
    if (!movie || !company) return [];
    const targeted = targeting
      .rows(tx)
      .filter((link) => link.promotedId === row.id)
      .flatMap((link) => segments.find(link.segmentId, tx) ?? [])
      .sort((a, b) => a.id - b.id)
      .map(({ id, name, preset }) => ({ id, name, preset }));
    return [
      {
        id: row.id,
        companyId: row.companyId,
        position: row.position,
        movieId: movie.id,
        slug: movie.slug ?? '',
        title: movie.title,
        synopsis: movie.synopsis,
        thumbnailDesktopKey: movie.thumbnailDesktop,
        thumbnailMobileKey: movie.thumbnailMobile,
        companyName: company.name,
        viewMode: movie.viewMode,
        episodeNumber: movie.episodeNumber,
        publishedAt: movie.publishedAt?.toISOString() ?? null,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        segments: targeted,
      },
    ];
  }

  function unlink(promotedId: number, tx?: Executor) {
    for (const link of targeting.rows(tx).filter((row) => row.promotedId === promotedId)) {
      targeting.delete(link.id, tx);
    }
  }

  return {
    async listPromoted(companyId: number, tx?: Executor) {
      return ofCompany(companyId, tx).flatMap((row) => asRecord(row, tx));
    },

    async findPromoted(id: number, tx?: Executor) {
      const row = promoted.find(id, tx);
      return (row && asRecord(row, tx)[0]) ?? null;
    },

    async isCandidate(movieId: number, tx?: Executor) {
      return onAppChannel(movies.find(movieId, tx), tx);
    },

    async findCompanySegmentIds(companyId: number, ids: number[], tx?: Executor) {
      return segments
        .rows(tx)
        .filter((segment) => segment.companyId === companyId && ids.includes(segment.id))
        .map((segment) => segment.id);
    },

    /** Waits for the platform's lock and holds it until the transaction ends. */
    async lockCompanyPromoted(companyId: number, tx: Executor) {
      await db.lock(`companies:${companyId}`, tx);
    },

    async insertPromoted(
      item: { companyId: number; movieId: number; window: PromotedWindow; at: Date },
      tx?: Executor,
    ) {
      const { companyId, movieId, window, at } = item;
      const listed = ofCompany(companyId, tx);
      if (listed.some((row) => row.movieId === movieId)) {
        throw uniqueViolation(PROMOTED_MOVIE_UNIQUE);
      }
      const position = Math.max(0, ...listed.map((row) => row.position)) + 1;
      return promoted.insert({ companyId, movieId, position, ...window, updatedAt: at }, tx).id;
    },

    async updateWindow(id: number, window: PromotedWindow, at: Date, tx?: Executor) {
      promoted.update(id, { ...window, updatedAt: at }, tx);
    },

    async replaceSegments(id: number, segmentIds: number[], tx?: Executor) {
      unlink(id, tx);
      for (const segmentId of segmentIds) {
        await targetSegment(db, targeting, { promotedId: id, segmentId }, tx);
      }
    },

    async deletePromoted(item: PromotedRecord, tx?: Executor) {
      unlink(item.id, tx);
      promoted.delete(item.id, tx);
      for (const row of ofCompany(item.companyId, tx)) {
        if (row.position > item.position)
          promoted.update(row.id, { position: row.position - 1 }, tx);
      }
    },

    async listIds(companyId: number, tx?: Executor) {
      return ofCompany(companyId, tx).map((row) => row.id);
    },

    /** Numbers the platform's promoted contents of `ids` 1, 2, … in their order. */
    async setOrder(companyId: number, ids: number[], at: Date, tx?: Executor) {
      for (const [index, id] of ids.entries()) {
        const row = promoted.find(id, tx);
        if (row?.companyId === companyId && row.position !== index + 1) {
          promoted.update(id, { position: index + 1, updatedAt: at }, tx);
        }
      }
    },
  } satisfies Omit<PromotedRepository, 'listLive' | 'listCandidates'>;
}

export type FakePromoted = ReturnType<typeof createFakePromoted>;
