import {
  movieContentUploadResultSchema,
  TUS_UPLOAD_PATH,
  type ContentType,
  type MovieContentStatus,
  type ViewMode,
} from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadResumable } from '../../../lib/upload-resumable.ts';
import { movieStatusKey, withItems } from './movie-status.ts';

export interface UploadMovieContent {
  file: File;
  /** The project; none makes a new draft single project, whose id the reply carries. */
  movieId?: number;
  type: ContentType;
  /** The project's orientation, once step 1 has set it; the server assumes horizontal. */
  viewMode?: ViewMode;
  onProgress?: (percent: number) => void;
  /** The upload continues one of the same file begun before a reload: the share already sent. */
  onResume?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one clip or bridge, resumably (tus), with the fields of `POST /api/v1.5/upload/movie-content`
 * as its metadata, so it continues after a reload only into the same project and slot. The server
 * answers with the project and the new item, queued for transcoding.
 */
export function uploadMovieContent({
  file,
  movieId,
  type,
  viewMode,
  onProgress,
  onResume,
  signal,
}: UploadMovieContent) {
  return uploadResumable(TUS_UPLOAD_PATH, file, {
    schema: movieContentUploadResultSchema,
    metadata: { filename: file.name, movieId, view_mode: viewMode, type },
    onProgress,
    onResume,
    signal,
  });
}

export function uploadMovieContentMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'upload-content'],
    mutationFn: uploadMovieContent,
  });
}

/** Each uploaded item joins its project's list at once; the list's polling then follows it. */
export function useUploadMovieContent() {
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadMovieContentMutationOptions(),
    onSuccess: ({ movieId, files }) =>
      queryClient.setQueryData(
        movieStatusKey(movieId),
        (current: MovieContentStatus[] | undefined) => withItems(current, files),
      ),
  });
}
