import { CONTENT_LANGUAGES, type MovieContentStatus } from '@plotline/core';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { ContentLanguageRecord, MovieContentRecord } from './movie-contents.repository.ts';

/** The status entry of a content, as `GET /api/transcoder/movie-status` lists it. */
export function toStatusView(
  content: MovieContentRecord,
  languages: ContentLanguageRecord[],
  blobs: Pick<BlobStore, 'publicUrl'>,
): MovieContentStatus {
  return {
    movie_content_id: content.id,
    type: content.type,
    file_name: content.fileName,
    url: content.hlsKey ? blobs.publicUrl(content.hlsKey) : null,
    // Only a finished ladder has a thumbnail, so §4's "thumbnail means ready" holds.
    thumbnail:
      content.status === 'ready' && content.thumbnailKey
        ? blobs.publicUrl(content.thumbnailKey)
        : null,
    status: content.status,
    progress: content.progress,
    duration:
      content.durationSeconds === null ? null : Math.round(content.durationSeconds * 100) / 100,
    transcoder_log: content.status === 'failed' ? content.transcoderLog : null,
    lang: languages
      .filter((language) => language.movieContentId === content.id)
      .filter((language) =>
        CONTENT_LANGUAGES.some((known) => known.language_id === language.languageId),
      )
      .map((language) => ({
        language_id: language.languageId,
        caption: language.caption,
        file: language.subtitleVttKey ? blobs.publicUrl(language.subtitleVttKey) : null,
        file_name: language.subtitleName,
      })),
  };
}
