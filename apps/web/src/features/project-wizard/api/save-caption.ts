import type { MovieContentStatus } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { withLanguage } from '../model/caption-drafts.ts';
import { movieStatusKey } from './movie-status.ts';

export interface SaveCaption {
  movie_content_id: number;
  language_id: number;
  /** Checked with core `captionSchema` before it is sent. */
  caption: string;
}

/** `POST /api/movie-content/lang`: the caption of one item in one language, added or changed. */
export function saveCaption(caption: SaveCaption) {
  return apiRequest('/api/movie-content/lang', {
    method: 'POST',
    body: caption,
    schema: z.unknown(),
  });
}

export function saveCaptionMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'save-caption'], mutationFn: saveCaption });
}

/** A stored caption is written into the project's item list. */
export function useSaveCaption(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveCaptionMutationOptions(),
    onSuccess: (_reply, { movie_content_id, language_id, caption }) =>
      queryClient.setQueryData<MovieContentStatus[]>(movieStatusKey(movieId), (items) =>
        withLanguage(items, movie_content_id, language_id, (language) => ({
          ...language,
          caption,
        })),
      ),
  });
}
