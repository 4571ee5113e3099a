import type { BannerKind, ProjectType, ViewMode } from '@plotline/core';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { containing } from '../../db/like-patterns.ts';
import { bannerImages, clients, companies, movies } from '../../db/schema/index.ts';

export interface MovieRecord {
  id: number;
  companyId: number;
  type: ProjectType;
  title: string;
  synopsis: string;
  tags: string[];
  viewMode: ViewMode | null;
  thumbnailMobile: string | null;
  thumbnailDesktop: string | null;
  seriesId: number | null;
  episodeNumber: number | null;
  buttonText: string;
  buttonColor: string;
  buttonTextColor: string;
  bannerUrl: string;
  status: 'draft' | 'published';
  slug: string | null;
  appChannelOn: boolean;
  shareable: boolean;
  /** The sites that may frame the story, or `*`. */
  embedOrigins: string[];
  primaryLanguageId: number | null;
  publishedAt: Date | null;
  /** The storyline version whose paths the creator confirmed having played, or none. */
  pathsConfirmedVersion: number | null;
  /** A client of the project's company, or none. */
  clientId: number | null;
}

export interface ClientRecord {
  id: number;
  name: string;
}

/** Step 1 of the wizard: what `POST /api/movie` writes. An episode names its series and number. */
export interface ProjectInfoValues {
  type: ProjectType;
  title: string;
  synopsis: string;
  tags: string[];
  viewMode: ViewMode;
  seriesId: number | null;
  episodeNumber: number | null;
}

/** Step 4's settings (and step 3's primary language): fields left undefined keep their value. */
export type PublicationSettingsValues = Partial<
  Pick<MovieRecord, 'slug' | 'appChannelOn' | 'shareable' | 'embedOrigins' | 'primaryLanguageId'>
>;

export interface BannerSettingsValues {
  buttonText: string;
  buttonColor: string;
  buttonTextColor: string;
  bannerUrl: string;
}

export interface BannerImageRecord {
  id: number;
  kind: BannerKind;
  imageKey: string;
}

const movieColumns = {
  id: movies.id,
  companyId: movies.companyId,
  type: movies.type,
  title: movies.title,
  synopsis: movies.synopsis,
  tags: movies.tags,
  viewMode: movies.viewMode,
  thumbnailMobile: movies.thumbnailMobile,
  thumbnailDesktop: movies.thumbnailDesktop,
  seriesId: movies.seriesId,
  episodeNumber: movies.episodeNumber,
  buttonText: movies.buttonText,
  buttonColor: movies.buttonColor,
  buttonTextColor: movies.buttonTextColor,
  bannerUrl: movies.bannerUrl,
  status: movies.status,
  slug: movies.slug,
  appChannelOn: movies.appChannelOn,
  shareable: movies.shareable,
  embedOrigins: movies.embedOrigins,
  primaryLanguageId: movies.primaryLanguageId,
  publishedAt: movies.publishedAt,
  pathsConfirmedVersion: movies.pathsConfirmedVersion,
  clientId: movies.clientId,
};

const clientColumns = { id: clients.id, name: clients.name };

/**
 * Whether a project's company is active: a disabled company's published stories answer as unknown
 * on every public surface (watch, embed, oEmbed, resume, the App API's feed and project).
 */
export const ofActiveCompany = (movie: typeof movies) =>
  sql`exists (select 1 from ${companies} where ${companies.id} = ${movie.companyId} and ${companies.status} = 'active')`;

const asRecord = (row: Omit<MovieRecord, 'type'> & { type: number }): MovieRecord => ({
  ...row,
  type: row.type as ProjectType,
});

export type ThumbnailField = 'thumbnailMobile' | 'thumbnailDesktop';

export function createProjectsRepository(db: Executor) {
  /**
   * Writes the columns given and stamps the change (Drizzle leaves undefined fields out of the
   * update, so they keep their value).
   */
  async function updateMovie(
    id: number,
    columns: Partial<typeof movies.$inferInsert>,
    at: Date,
    tx: Executor,
  ): Promise<void> {
    await tx
      .update(movies)
      .set({ ...columns, updatedAt: at })
      .where(eq(movies.id, id));
  }

  return {
    async findMovie(id: number, tx: Executor = db): Promise<MovieRecord | null> {
      const [row] = await tx.select(movieColumns).from(movies).where(eq(movies.id, id));
      return row ? asRecord(row) : null;
    },

    /**
     * The project, locked until the transaction `tx` ends: changes of one project take turns, and
     * a publish cannot land between a change's checks and its writes.
     */
    async lockMovie(id: number, tx: Executor): Promise<MovieRecord | null> {
      const [row] = await tx
        .select(movieColumns)
        .from(movies)
        .where(eq(movies.id, id))
        .for('no key update');
      return row ? asRecord(row) : null;
    },

    /**
     * The published project at an address, as the public sees it; null for an unknown address, a
     * draft's, or a disabled company's (whose stories are dark until it is enabled again).
     */
    async findPublishedBySlug(slug: string, tx: Executor = db): Promise<MovieRecord | null> {
      const [row] = await tx
        .select(movieColumns)
        .from(movies)
        .where(and(eq(movies.slug, slug), eq(movies.status, 'published'), ofActiveCompany(movies)));
      return row ? asRecord(row) : null;
    },

    /** A new, untitled single project: what an upload without a project starts. */
    async createDraft(
      draft: { companyId: number; createdBy: number; viewMode: ViewMode | null; at: Date },
      tx: Executor = db,
    ): Promise<MovieRecord> {
      const [row] = await tx
        .insert(movies)
        .values({
          companyId: draft.companyId,
          createdBy: draft.createdBy,
          type: 1,
          viewMode: draft.viewMode,
          createdAt: draft.at,
          updatedAt: draft.at,
        })
        .returning(movieColumns);
      return asRecord(row!);
    },

    /** A new project with its step 1 info; an episode's number taken meanwhile breaks a unique constraint. */
    async insertProject(
      project: ProjectInfoValues & { companyId: number; createdBy: number },
      at: Date,
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(movies)
        .values({ ...project, createdAt: at, updatedAt: at })
        .returning({ id: movies.id });
      return row!.id;
    },

    updateProjectInfo: (id: number, info: ProjectInfoValues, at: Date, tx: Executor = db) =>
      updateMovie(id, info, at, tx),

    /**
     * Writes the settings given (Drizzle leaves undefined fields out of the update); a slug another
     * project holds breaks a unique constraint.
     */
    setPublicationSettings: (
      id: number,
      settings: PublicationSettingsValues,
      at: Date,
      tx: Executor = db,
    ) => updateMovie(id, settings, at, tx),

    /** Publishing is final: nothing sets a project back to draft. */
    markPublished: (id: number, at: Date, tx: Executor = db) =>
      updateMovie(id, { status: 'published', publishedAt: at }, at, tx),

    /** Step 4: who confirmed having played the paths of storyline version `version`, and when. */
    confirmPaths: (
      id: number,
      confirmation: { version: number; userId: number },
      at: Date,
      tx: Executor = db,
    ) =>
      updateMovie(
        id,
        {
          pathsConfirmedVersion: confirmation.version,
          pathsConfirmedAt: at,
          pathsConfirmedBy: confirmation.userId,
        },
        at,
        tx,
      ),

    /** Writes the settings given; fields left undefined keep their value. */
    setBannerSettings: (
      id: number,
      settings: Partial<BannerSettingsValues>,
      at: Date,
      tx: Executor = db,
    ) => updateMovie(id, settings, at, tx),

    /** Sets a thumbnail and returns the key it replaced. */
    async setThumbnail(
      id: number,
      field: ThumbnailField,
      key: string | null,
      at: Date,
      tx: Executor = db,
    ): Promise<string | null> {
      const [previous] = await tx
        .select({ key: movies[field] })
        .from(movies)
        .where(eq(movies.id, id))
        .for('update');
      await tx
        .update(movies)
        .set({ [field]: key, updatedAt: at })
        .where(eq(movies.id, id));
      return previous?.key ?? null;
    },

    async listBannerImages(movieId: number, tx: Executor = db): Promise<BannerImageRecord[]> {
      return tx
        .select({ id: bannerImages.id, kind: bannerImages.kind, imageKey: bannerImages.imageKey })
        .from(bannerImages)
        .where(eq(bannerImages.movieId, movieId))
        .orderBy(asc(bannerImages.id));
    },

    /** Stores a banner image and removes the project's other images of that kind; returns the id and the removed keys. */
    async replaceBannerImage(
      image: { movieId: number; kind: BannerKind; imageKey: string; width: number; height: number },
      at: Date,
      tx: Executor = db,
    ): Promise<{ id: number; replacedKeys: string[] }> {
      const replaced = await tx
        .delete(bannerImages)
        .where(and(eq(bannerImages.movieId, image.movieId), eq(bannerImages.kind, image.kind)))
        .returning({ imageKey: bannerImages.imageKey });
      const [row] = await tx
        .insert(bannerImages)
        .values({ ...image, createdAt: at })
        .returning({ id: bannerImages.id });
      return { id: row!.id, replacedKeys: replaced.map((old) => old.imageKey) };
    },

    /**
     * Deletes the project; its storyline, banner images and player events go with it (their keys
     * cascade). Returns the keys of its artwork and banner images, whose files are the caller's to
     * remove. Its clips and bridges are to be deleted first (see `deleteContent`), for their keys.
     */
    async deleteMovie(id: number, tx: Executor = db): Promise<string[]> {
      const images = await tx
        .delete(bannerImages)
        .where(eq(bannerImages.movieId, id))
        .returning({ imageKey: bannerImages.imageKey });
      const [movie] = await tx
        .delete(movies)
        .where(eq(movies.id, id))
        .returning({ mobile: movies.thumbnailMobile, desktop: movies.thumbnailDesktop });
      return [movie?.mobile, movie?.desktop, ...images.map((image) => image.imageKey)].filter(
        (key): key is string => typeof key === 'string',
      );
    },

    async findClient(id: number, tx: Executor = db): Promise<ClientRecord | null> {
      const [row] = await tx.select(clientColumns).from(clients).where(eq(clients.id, id));
      return row ?? null;
    },

    /**
     * The company's client of this name, made when it has none. A name differing only in case
     * finds the existing client; two saves adding the same new name at once meet at the unique
     * constraint, and both get its one row.
     */
    async findOrAddClient(
      companyId: number,
      name: string,
      at: Date,
      tx: Executor = db,
    ): Promise<number> {
      const [known] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.companyId, companyId), sql`lower(${clients.name}) = lower(${name})`))
        .orderBy(sql`${clients.name} = ${name} desc`, asc(clients.id))
        .limit(1);
      if (known) return known.id;
      // A no-op update on conflict, so that RETURNING answers the row another save made meanwhile.
      const [row] = await tx
        .insert(clients)
        .values({ companyId, name, createdAt: at })
        .onConflictDoUpdate({
          target: [clients.companyId, clients.name],
          set: { name: sql`excluded.name` },
        })
        .returning({ id: clients.id });
      return row!.id;
    },

    /** The company's clients whose name holds `search` (any case), by name whatever its case. */
    async listClients(
      companyId: number,
      search: string | undefined,
      limit: number,
      tx: Executor = db,
    ): Promise<ClientRecord[]> {
      const matches = search ? ilike(clients.name, containing(search)) : undefined;
      return tx
        .select(clientColumns)
        .from(clients)
        .where(and(eq(clients.companyId, companyId), matches))
        .orderBy(sql`lower(${clients.name})`, asc(clients.name), asc(clients.id))
        .limit(limit);
    },

    setClient: (id: number, clientId: number | null, at: Date, tx: Executor = db) =>
      updateMovie(id, { clientId }, at, tx),

    /** Removes the project's images of one kind; returns their keys. */
    async deleteBannerImages(
      movieId: number,
      kind: BannerKind,
      tx: Executor = db,
    ): Promise<string[]> {
      const removed = await tx
        .delete(bannerImages)
        .where(and(eq(bannerImages.movieId, movieId), eq(bannerImages.kind, kind)))
        .returning({ imageKey: bannerImages.imageKey });
      return removed.map((image) => image.imageKey);
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
