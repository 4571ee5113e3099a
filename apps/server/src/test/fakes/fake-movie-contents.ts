import type { Executor } from '../../db/database.ts';
import type {
  ContentLanguageRecord,
  MovieContentRecord,
  MovieContentsRepository,
} from '../../modules/content/movie-contents.repository.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';
import type { FakeMovies } from './fake-projects.ts';

/** A row of the fake `movie_contents` table; the company comes from its movie, as in the join. */
export type FakeContentRow = Omit<MovieContentRecord, 'companyId'> & { sourceBytes: number };
export type FakeContentRows = FakeTable<FakeContentRow>;

/** A row of the fake `content_languages` table (its real key is the content and the language). */
export type FakeLanguageRow = ContentLanguageRecord & { id: number; subtitleSrtKey: string | null };
export type FakeLanguageRows = FakeTable<FakeLanguageRow>;

const withoutBytes = ({ sourceBytes: _bytes, ...content }: FakeContentRow) => content;
const toLanguage = ({ id: _id, subtitleSrtKey: _srt, ...language }: FakeLanguageRow) => language;
const keysOf = (rows: { subtitleSrtKey: string | null; subtitleVttKey: string | null }[]) =>
  rows.flatMap((row) => [row.subtitleSrtKey, row.subtitleVttKey]).filter((key) => key !== null);

/**
 * The movie contents repository over fake tables, with its guarded writes as the SQL has them:
 * `updateAttempt` writes only while the row is at the attempt, `startNewAttempt` only a failed row.
 */
export function createFakeMovieContents(
  db: FakeDatabase,
  tables: { movies: FakeMovies; contents: FakeContentRows; languages: FakeLanguageRows },
): MovieContentsRepository {
  const { movies, contents, languages } = tables;

  /** The inner join with `movies`: a content whose movie is gone is not found. */
  const withCompany = (tx: Executor | undefined) => (row: FakeContentRow) => {
    const movie = movies.find(row.movieId, tx);
    if (!movie) return [];
    return [{ ...withoutBytes(row), companyId: movie.companyId }];
  };
  const languageOf = (movieContentId: number, languageId: number, tx?: Executor) =>
    languages
      .rows(tx)
      .find((row) => row.movieContentId === movieContentId && row.languageId === languageId);
  const assertProgress = (progress: number | undefined) => {
    if (progress !== undefined && (progress < 0 || progress > 100)) {
      throw new Error(`movie_contents_progress_check: ${progress}`);
    }
  };

  return {
    async insertContents(values, _at, tx) {
      return values.map(
        (content) =>
          contents.insert(
            {
              ...content,
              status: 'queued',
              progress: 0,
              attempt: 1,
              durationSeconds: null,
              hlsKey: null,
              thumbnailKey: null,
              transcoderLog: null,
            },
            tx,
          ).id,
      );
    },

    async findContent(id, tx) {
      const row = contents.find(id, tx);
      return row ? (withCompany(tx)(row)[0] ?? null) : null;
    },

    async listContents(movieId, tx) {
      return contents
        .rows(tx)
        .filter((row) => row.movieId === movieId)
        .flatMap(withCompany(tx));
    },

    async listContentsById(ids, tx) {
      return contents
        .rows(tx)
        .filter((row) => ids.includes(row.id))
        .flatMap(withCompany(tx));
    },

    async listLanguages(contentIds, tx) {
      return languages
        .rows(tx)
        .filter((row) => contentIds.includes(row.movieContentId))
        .sort((a, b) => a.movieContentId - b.movieContentId || a.languageId - b.languageId)
        .map(toLanguage);
    },

    async setSubtitle(subtitle, _at, tx) {
      const previous = languageOf(subtitle.movieContentId, subtitle.languageId, tx);
      const values = {
        subtitleSrtKey: subtitle.srtKey,
        subtitleVttKey: subtitle.vttKey,
        subtitleName: subtitle.name,
      };
      if (previous) languages.update(previous.id, values, tx);
      else {
        const { movieContentId, languageId } = subtitle;
        languages.insert({ movieContentId, languageId, caption: '', ...values }, tx);
      }
      return {
        srtKey: previous?.subtitleSrtKey ?? null,
        vttKey: previous?.subtitleVttKey ?? null,
      };
    },

    async saveCaption(entry, _at, tx) {
      const previous = languageOf(entry.movieContentId, entry.languageId, tx);
      const row = previous
        ? languages.update(previous.id, { caption: entry.caption }, tx)!
        : languages.insert(
            { ...entry, subtitleSrtKey: null, subtitleVttKey: null, subtitleName: null },
            tx,
          );
      return toLanguage(row);
    },

    async removeLanguage(movieId, languageId, tx) {
      const ofMovie = new Set(
        contents
          .rows(tx)
          .filter((row) => row.movieId === movieId)
          .map((row) => row.id),
      );
      const removed = languages
        .rows(tx)
        .filter((row) => row.languageId === languageId && ofMovie.has(row.movieContentId));
      for (const row of removed) languages.delete(row.id, tx);
      return {
        movieContentIds: removed.map((row) => row.movieContentId).sort((a, b) => a - b),
        subtitleKeys: keysOf(removed),
      };
    },

    async removeSubtitle(movieContentId, languageId, _at, tx) {
      const previous = languageOf(movieContentId, languageId, tx);
      if (!previous || (previous.subtitleSrtKey === null && previous.subtitleVttKey === null)) {
        return null;
      }
      const language = languages.update(
        previous.id,
        { subtitleSrtKey: null, subtitleVttKey: null, subtitleName: null },
        tx,
      )!;
      return { language: toLanguage(language), subtitleKeys: keysOf([previous]) };
    },

    async deleteContent(id, movieId, tx) {
      const row = contents.find(id, tx);
      if (!row || row.movieId !== movieId) return null;
      const removed = languages.rows(tx).filter((language) => language.movieContentId === id);
      for (const language of removed) languages.delete(language.id, tx);
      contents.delete(id, tx);
      const { fileName, sourceKey, hlsKey, thumbnailKey } = row;
      return { fileName, sourceKey, hlsKey, thumbnailKey, subtitleKeys: keysOf(removed) };
    },

    async updateAttempt(id, attempt, update, _at, tx) {
      assertProgress(update.progress);
      // An UPDATE waits for a transaction holding the row, then checks its condition again.
      await db.lock(`movie_contents:${id}`, tx);
      if (contents.find(id, tx)?.attempt !== attempt) return false;
      contents.update(id, update, tx);
      return true;
    },

    async startNewAttempt(id, _at, tx) {
      await db.lock(`movie_contents:${id}`, tx);
      const row = contents.find(id, tx);
      if (row?.status !== 'failed') return null;
      return contents.update(
        id,
        {
          attempt: row.attempt + 1,
          status: 'queued',
          progress: 0,
          transcoderLog: null,
          thumbnailKey: null,
          hlsKey: null,
          durationSeconds: null,
        },
        tx,
      )!.attempt;
    },
  };
}
