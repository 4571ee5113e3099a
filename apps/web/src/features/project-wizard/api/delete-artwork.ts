import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ThumbnailKind } from '../model/thumbnails.ts';
import { patchProject } from '../../../api/project.ts';

/** The wire name of each thumbnail in `PUT /api/movie`. */
const WIRE_FIELD = {
  thumbnailMobile: 'thumbnail_mobile',
  thumbnailDesktop: 'thumbnail_desktop',
} as const satisfies Record<ThumbnailKind, string>;

interface DeleteArtwork {
  movieId: number;
  kind: ThumbnailKind;
}

/** `PUT /api/movie` with the thumbnail's field null: removes that thumbnail from the project. */
export function deleteArtwork({ movieId, kind }: DeleteArtwork) {
  return apiRequest('/api/movie', {
    method: 'PUT',
    body: { movie_id: movieId, [WIRE_FIELD[kind]]: null },
    schema: z.unknown(),
  });
}

export function deleteArtworkMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'delete-artwork'],
    mutationFn: deleteArtwork,
  });
}

export function useDeleteArtwork() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteArtworkMutationOptions(),
    onSuccess: (_reply, { movieId, kind }) => {
      void patchProject(queryClient, movieId, { [kind]: null });
    },
  });
}
