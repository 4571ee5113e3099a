import {
  CONTENT_LANGUAGES,
  MESSAGES,
  type ContentLanguage,
  type contentDetailSchema,
} from '@plotline/core';
import type { z } from 'zod';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import { contentForCaller, lockContentForChange } from '../../access/content-access.ts';
import { lockProjectForChange, type ProjectLocker } from '../../access/project-access.ts';
import { removeContentFiles } from './content-files.ts';
import type {
  ContentLanguageRecord,
  MovieContentsRepository,
} from './movie-contents.repository.ts';

export type ContentDetail = z.infer<typeof contentDetailSchema>;
/** A language of one clip or bridge, as the caption and subtitle calls answer it. */
export type ContentLanguageEntry = ContentLanguage & { movie_content_id: number };

const languageCode = (languageId: number) =>
  CONTENT_LANGUAGES.find((language) => language.language_id === languageId)?.code;

export function createContentService(deps: {
  contents: Pick<
    MovieContentsRepository,
    | 'findContent'
    | 'listLanguages'
    | 'saveCaption'
    | 'removeLanguage'
    | 'removeSubtitle'
    | 'deleteContent'
  >;
  projects: ProjectLocker;
  blobs: BlobStore;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { contents, projects, blobs, clock, transaction } = deps;

  const entryOf = (language: ContentLanguageRecord): ContentLanguageEntry => ({
    movie_content_id: language.movieContentId,
    language_id: language.languageId,
    caption: language.caption,
    file: language.subtitleVttKey ? blobs.publicUrl(language.subtitleVttKey) : null,
    file_name: language.subtitleName,
  });

  return {
    /** Sets the caption of a clip's or bridge's language, adding the language to it. */
    async saveCaption(
      caller: AuthContext,
      caption: { movieContentId: number; languageId: number; caption: string },
    ): Promise<ContentLanguageEntry> {
      const saved = await transaction(async (tx) => {
        await lockContentForChange({ contents, projects }, caller, caption.movieContentId, tx);
        return contents.saveCaption(caption, clock.now(), tx);
      });
      return entryOf(saved);
    },

    /** Removes a language, captions and subtitles, from every clip and bridge of a project. */
    async removeLanguage(
      caller: AuthContext,
      movieId: number,
      languageId: number,
    ): Promise<{ movieId: number; language_id: number; movie_content_ids: number[] }> {
      const removed = await transaction(async (tx) => {
        await lockProjectForChange(projects, caller, movieId, tx);
        const result = await contents.removeLanguage(movieId, languageId, tx);
        if (result.movieContentIds.length === 0) {
          throw new AppError(404, MESSAGES.languageNotUsed);
        }
        return result;
      });
      await Promise.all(removed.subtitleKeys.map((key) => blobs.delete(key)));
      return { movieId, language_id: languageId, movie_content_ids: removed.movieContentIds };
    },

    /** Removes the subtitle of a clip's or bridge's language; its caption stays. */
    async removeSubtitle(
      caller: AuthContext,
      movieContentId: number,
      languageId: number,
    ): Promise<ContentLanguageEntry> {
      const removed = await transaction(async (tx) => {
        await lockContentForChange({ contents, projects }, caller, movieContentId, tx);
        const result = await contents.removeSubtitle(movieContentId, languageId, clock.now(), tx);
        if (!result) throw new AppError(404, MESSAGES.subtitleNotFound);
        return result;
      });
      await Promise.all(removed.subtitleKeys.map((key) => blobs.delete(key)));
      return entryOf(removed.language);
    },

    /**
     * Deletes a clip or bridge of a project with everything stored for it: its source, its
     * renditions and poster, its subtitles. A transcode of it under way finds its row gone and
     * throws its output away.
     */
    async deleteContent(
      caller: AuthContext,
      movieId: number,
      movieContentId: number,
    ): Promise<{ movieId: number; movie_content_id: number; file_name: string }> {
      const deleted = await transaction(async (tx) => {
        await lockProjectForChange(projects, caller, movieId, tx);
        const result = await contents.deleteContent(movieContentId, movieId, tx);
        if (!result) throw new AppError(404, MESSAGES.contentNotFound);
        return result;
      });
      await removeContentFiles(blobs, deleted);
      return { movieId, movie_content_id: movieContentId, file_name: deleted.fileName };
    },

    /** A clip's or bridge's stream, captions and subtitles, for playing it. */
    async contentDetail(caller: AuthContext, movieContentId: number): Promise<ContentDetail> {
      const content = await contentForCaller(contents, caller, movieContentId);
      const languages = (await contents.listLanguages([content.id])).filter(
        (language) => languageCode(language.languageId) !== undefined,
      );
      return {
        url: content.hlsKey ? blobs.publicUrl(content.hlsKey) : null,
        captions: languages.map((language) => ({
          language_id: language.languageId,
          caption: language.caption,
        })),
        subtitle: languages.flatMap((language) =>
          language.subtitleVttKey
            ? [
                {
                  file: blobs.publicUrl(language.subtitleVttKey),
                  code: languageCode(language.languageId)!,
                  language_id: language.languageId,
                },
              ]
            : [],
        ),
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
