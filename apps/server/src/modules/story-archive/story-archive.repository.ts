import type { BannerKind, StoryVariable, ViewMode } from '@plotline/core';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { bannerImages, contentLanguages, movies } from '../../db/schema/index.ts';

/** A language of a clip or bridge with the subtitle as it was uploaded (SRT), which an archive carries. */
export interface ArchivedLanguageRecord {
  movieContentId: number;
  languageId: number;
  caption: string;
  subtitleSrtKey: string | null;
  subtitleVttKey: string | null;
  subtitleName: string | null;
}

/** The project an import makes: a draft single project of the caller's company, with no address. */
export interface ImportedProjectValues {
  companyId: number;
  createdBy: number;
  title: string;
  synopsis: string;
  tags: string[];
  viewMode: ViewMode | null;
  thumbnailMobile: string | null;
  thumbnailDesktop: string | null;
  buttonText: string;
  buttonColor: string;
  buttonTextColor: string;
  bannerUrl: string;
  shareable: boolean;
  primaryLanguageId: number | null;
  storyVariables: StoryVariable[];
}

export function createStoryArchiveRepository(db: Executor) {
  return {
    async listArchivedLanguages(
      contentIds: number[],
      tx: Executor = db,
    ): Promise<ArchivedLanguageRecord[]> {
      if (contentIds.length === 0) return [];
      return tx
        .select({
          movieContentId: contentLanguages.movieContentId,
          languageId: contentLanguages.languageId,
          caption: contentLanguages.caption,
          subtitleSrtKey: contentLanguages.subtitleSrtKey,
          subtitleVttKey: contentLanguages.subtitleVttKey,
          subtitleName: contentLanguages.subtitleName,
        })
        .from(contentLanguages)
        .where(inArray(contentLanguages.movieContentId, contentIds))
        .orderBy(asc(contentLanguages.movieContentId), asc(contentLanguages.languageId));
    },

    async insertProject(project: ImportedProjectValues, at: Date, tx: Executor = db) {
      const [row] = await tx
        .insert(movies)
        .values({ ...project, type: 1, createdAt: at, updatedAt: at })
        .returning({ id: movies.id });
      return row!.id;
    },

    async insertBannerImages(
      images: {
        movieId: number;
        kind: BannerKind;
        imageKey: string;
        width: number;
        height: number;
      }[],
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      if (images.length === 0) return;
      await tx.insert(bannerImages).values(images.map((image) => ({ ...image, createdAt: at })));
    },

    async insertLanguages(
      languages: ArchivedLanguageRecord[],
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      if (languages.length === 0) return;
      await tx
        .insert(contentLanguages)
        .values(languages.map((language) => ({ ...language, updatedAt: at })));
    },
  };
}

export type StoryArchiveRepository = ReturnType<typeof createStoryArchiveRepository>;
