import type { StoryVariable } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import { MOVIES_SERIES_EPISODE_UNIQUE, MOVIES_SLUG_UNIQUE } from '../../db/schema/index.ts';
import type { PlotRecord } from '../../modules/plot/plot.repository.ts';
import type {
  BannerImageRecord,
  ClientRecord,
  MovieRecord,
  ProjectsRepository,
} from '../../modules/projects/projects.repository.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';

/** A row of the fake `movies` table: the project, who made it, and its storyline's version and variables. */
export type FakeMovieRow = MovieRecord & {
  createdBy: number;
  plotVersion: number;
  storyVariables: StoryVariable[];
};
export type FakeMovies = FakeTable<FakeMovieRow>;

/** A row of the fake `clients` table: a client of one company. */
export type FakeClientRow = ClientRecord & { companyId: number };
/** A row of the fake `banner_images` table. */
export type FakeBannerImageRow = BannerImageRecord & { movieId: number };

const asRecord = ({
  createdBy: _createdBy,
  plotVersion: _version,
  storyVariables: _variables,
  ...movie
}: FakeMovieRow): MovieRecord => movie;

/** The fields given, without those left undefined (which the SQL update leaves as they are). */
const defined = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

/** What PostgreSQL throws for a broken unique constraint, as `db/errors.ts` reads it. */
const uniqueViolation = (constraint: string) =>
  Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), {
    code: '23505',
    constraint,
  });

/**
 * The projects repository over fake tables, with the database's rules: a slug, and an episode
 * number within its series, belong to one project (the unique constraints, broken as PostgreSQL
 * breaks them); deleting a project deletes its storyline and banner images (their keys cascade);
 * a column left undefined in an update keeps its value.
 */
export function createFakeProjects(
  db: FakeDatabase,
  tables: {
    movies: FakeMovies;
    clients: FakeTable<FakeClientRow>;
    bannerImages: FakeTable<FakeBannerImageRow>;
    plots: FakeTable<PlotRecord>;
  },
) {
  const { movies, clients, bannerImages, plots } = tables;

  /** Refuses a slug or an episode number of its series that another project holds. */
  function refuseTaken(id: number | null, values: Partial<FakeMovieRow>, tx: Executor | undefined) {
    const next = { ...(id === null ? null : movies.find(id, tx)), ...values };
    const others = movies.rows(tx).filter((row) => row.id !== id);
    if ('slug' in values && next.slug != null && others.some((row) => row.slug === next.slug)) {
      throw uniqueViolation(MOVIES_SLUG_UNIQUE);
    }
    const episode = next.seriesId != null && next.episodeNumber != null;
    if (
      episode &&
      ('seriesId' in values || 'episodeNumber' in values) &&
      others.some(
        (row) => row.seriesId === next.seriesId && row.episodeNumber === next.episodeNumber,
      )
    ) {
      throw uniqueViolation(MOVIES_SERIES_EPISODE_UNIQUE);
    }
  }

  /** Writes the columns given, as an UPDATE does, under the unique constraints. */
  function update(id: number, values: Partial<FakeMovieRow>, tx: Executor | undefined) {
    refuseTaken(id, values, tx);
    movies.update(id, values, tx);
  }

  const imagesOf = (movieId: number, tx: Executor | undefined) =>
    bannerImages.rows(tx).filter((image) => image.movieId === movieId);
  const toImage = ({ movieId: _movieId, ...image }: FakeBannerImageRow): BannerImageRecord => image;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const toClient = ({ companyId: _companyId, ...client }: FakeClientRow): ClientRecord => client;

  return {
    async findMovie(id: number, tx?: Executor): Promise<MovieRecord | null> {
      const row = movies.find(id, tx);
      return row && asRecord(row);
    },

    /** Waits for the project's row lock, then reads it as committed by then (FOR NO KEY UPDATE). */
    async lockMovie(id: number, tx: Executor): Promise<MovieRecord | null> {
      await db.lock(`movies:${id}`, tx);
      const row = movies.find(id, tx);
      return row && asRecord(row);
    },

    async markPublished(id: number, at: Date, tx?: Executor): Promise<void> {
      await db.lock(`movies:${id}`, tx);
      movies.update(id, { status: 'published', publishedAt: at }, tx);
    },

    async confirmPaths(
      id: number,
      confirmation: { version: number },
      _at: Date,
      tx?: Executor,
    ): Promise<void> {
      await db.lock(`movies:${id}`, tx);
      movies.update(id, { pathsConfirmedVersion: confirmation.version }, tx);
    },

    /** A new project with its step 1 info and the columns' defaults. */
    async insertProject(
      project: Parameters<ProjectsRepository['insertProject']>[0],
      _at: Date,
      tx?: Executor,
    ): Promise<number> {
      refuseTaken(null, project, tx);
      return movies.insert(
        {
          thumbnailMobile: null,
          thumbnailDesktop: null,
          buttonText: '',
          buttonColor: '#000000',
          buttonTextColor: '#ffffff',
          bannerUrl: '',
          status: 'draft',
          slug: null,
          appChannelOn: false,
          shareable: true,
          embedOrigins: [],
          primaryLanguageId: null,
          publishedAt: null,
          pathsConfirmedVersion: null,
          clientId: null,
          plotVersion: 0,
          storyVariables: [],
          ...project,
        },
        tx,
      ).id;
    },

    async updateProjectInfo(
      id: number,
      info: Parameters<ProjectsRepository['updateProjectInfo']>[1],
      _at: Date,
      tx?: Executor,
    ): Promise<void> {
      update(id, info, tx);
    },

    async setPublicationSettings(
      id: number,
      settings: Parameters<ProjectsRepository['setPublicationSettings']>[1],
      _at: Date,
      tx?: Executor,
    ): Promise<void> {
      update(id, defined(settings), tx);
    },

    async setBannerSettings(
      id: number,
      settings: Parameters<ProjectsRepository['setBannerSettings']>[1],
      _at: Date,
      tx?: Executor,
    ): Promise<void> {
      update(id, defined(settings), tx);
    },

    async setThumbnail(
      id: number,
      field: Parameters<ProjectsRepository['setThumbnail']>[1],
      key: string | null,
      _at: Date,
      tx?: Executor,
    ): Promise<string | null> {
      await db.lock(`movies:${id}`, tx);
      const previous = movies.find(id, tx)?.[field] ?? null;
      movies.update(id, { [field]: key }, tx);
      return previous;
    },

    async listBannerImages(movieId: number, tx?: Executor): Promise<BannerImageRecord[]> {
      return imagesOf(movieId, tx).map(toImage);
    },

    async deleteBannerImages(
      movieId: number,
      kind: BannerImageRecord['kind'],
      tx?: Executor,
    ): Promise<string[]> {
      const removed = imagesOf(movieId, tx).filter((image) => image.kind === kind);
      for (const image of removed) bannerImages.delete(image.id, tx);
      return removed.map((image) => image.imageKey);
    },

    /** Deletes the project, its banner images and storyline; answers its artwork's and images' keys. */
    async deleteMovie(id: number, tx?: Executor): Promise<string[]> {
      const images = imagesOf(id, tx);
      for (const image of images) bannerImages.delete(image.id, tx);
      for (const plot of plots.rows(tx).filter((row) => row.movieId === id)) {
        plots.delete(plot.id, tx);
      }
      const movie = movies.delete(id, tx);
      return [
        movie?.thumbnailMobile,
        movie?.thumbnailDesktop,
        ...images.map((i) => i.imageKey),
      ].filter((key): key is string => typeof key === 'string');
    },

    async findClient(id: number, tx?: Executor): Promise<ClientRecord | null> {
      const row = clients.find(id, tx);
      return row && toClient(row);
    },

    /** The company's client of this name in any case (the exact name first), else a new one. */
    async findOrAddClient(
      companyId: number,
      name: string,
      _at: Date,
      tx?: Executor,
    ): Promise<number> {
      const known = clients
        .rows(tx)
        .filter((row) => row.companyId === companyId)
        .filter((row) => row.name.toLowerCase() === name.toLowerCase())
        .sort((a, b) => Number(b.name === name) - Number(a.name === name) || a.id - b.id)[0];
      return known?.id ?? clients.insert({ companyId, name }, tx).id;
    },

    /** The company's clients whose name holds `search` in any case, by name whatever its case. */
    async listClients(
      companyId: number,
      search: string | undefined,
      limit: number,
      tx?: Executor,
    ): Promise<ClientRecord[]> {
      const lower = (text: string) => text.toLowerCase();
      return clients
        .rows(tx)
        .filter((row) => row.companyId === companyId)
        .filter((row) => !search || lower(row.name).includes(lower(search)))
        .sort(
          (a, b) => compare(lower(a.name), lower(b.name)) || compare(a.name, b.name) || a.id - b.id,
        )
        .slice(0, limit)
        .map(toClient);
    },

    async setClient(id: number, clientId: number | null, _at: Date, tx?: Executor): Promise<void> {
      movies.update(id, { clientId }, tx);
    },
  } satisfies Pick<
    ProjectsRepository,
    | 'findMovie'
    | 'lockMovie'
    | 'markPublished'
    | 'confirmPaths'
    | 'insertProject'
    | 'updateProjectInfo'
    | 'setPublicationSettings'
    | 'setBannerSettings'
    | 'setThumbnail'
    | 'listBannerImages'
    | 'deleteBannerImages'
    | 'deleteMovie'
    | 'findClient'
    | 'findOrAddClient'
    | 'listClients'
    | 'setClient'
  >;
}

export type FakeProjects = ReturnType<typeof createFakeProjects>;
