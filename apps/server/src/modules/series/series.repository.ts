import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { movies, series } from '../../db/schema/index.ts';

export interface SeriesRecord {
  id: number;
  companyId: number;
  title: string;
  synopsis: string;
  tags: string[];
  categoryId: number | null;
}

export interface NewSeries {
  companyId: number;
  createdBy: number;
  title: string;
  synopsis: string;
  tags: string[];
  categoryId: number | null;
}

const seriesColumns = {
  id: series.id,
  companyId: series.companyId,
  title: series.title,
  synopsis: series.synopsis,
  tags: series.tags,
  categoryId: series.categoryId,
};

export function createSeriesRepository(db: Executor) {
  return {
    async insertSeries(values: NewSeries, at: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .insert(series)
        .values({ ...values, createdAt: at })
        .returning({ id: series.id });
      return row!.id;
    },

    async findSeries(id: number, tx: Executor = db): Promise<SeriesRecord | null> {
      const [row] = await tx.select(seriesColumns).from(series).where(eq(series.id, id));
      return row ?? null;
    },

    /** The series of one company, or of every company (`companyId` null), by title. */
    async listSeries(companyId: number | null, tx: Executor = db): Promise<SeriesRecord[]> {
      return tx
        .select(seriesColumns)
        .from(series)
        .where(companyId === null ? undefined : eq(series.companyId, companyId))
        .orderBy(asc(series.title), asc(series.id));
    },

    /** The episode numbers taken in each of these series, ascending. */
    async listEpisodeNumbers(
      seriesIds: number[],
      tx: Executor = db,
    ): Promise<{ seriesId: number; episodeNumber: number }[]> {
      if (seriesIds.length === 0) return [];
      const rows = await tx
        .select({ seriesId: movies.seriesId, episodeNumber: movies.episodeNumber })
        .from(movies)
        .where(and(inArray(movies.seriesId, seriesIds), isNotNull(movies.episodeNumber)))
        .orderBy(asc(movies.seriesId), asc(movies.episodeNumber));
      return rows.map((row) => ({ seriesId: row.seriesId!, episodeNumber: row.episodeNumber! }));
    },
  };
}

export type SeriesRepository = ReturnType<typeof createSeriesRepository>;
