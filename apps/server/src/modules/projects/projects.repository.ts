import type { BannerKind, ProjectType, ViewMode } from '@plotline/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { bannerImages, movies } from '../../db/schema/index.ts';

export interface MovieRecord {
  id: number;
  companyId: number;
  type: ProjectType;
  title: string;
  viewMode: ViewMode | null;
  thumbnailMobile: string | null;
  thumbnailDesktop: string | null;
  status: 'draft' | 'published';
}

const movieColumns = {
  id: movies.id,
  companyId: movies.companyId,
  type: movies.type,
  title: movies.title,
  viewMode: movies.viewMode,
  thumbnailMobile: movies.thumbnailMobile,
  thumbnailDesktop: movies.thumbnailDesktop,
  status: movies.status,
};

export type ThumbnailField = 'thumbnailMobile' | 'thumbnailDesktop';

export function createProjectsRepository(db: Executor) {
  return {
    async findMovie(id: number, tx: Executor = db): Promise<MovieRecord | null> {
      const [row] = await tx.select(movieColumns).from(movies).where(eq(movies.id, id));
      return row ? { ...row, type: row.type as ProjectType } : null;
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
      return { ...row!, type: row!.type as ProjectType };
    },

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
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
