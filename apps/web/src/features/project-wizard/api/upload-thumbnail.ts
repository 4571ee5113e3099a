import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadFile } from '../../../lib/upload-file.ts';
import type { ThumbnailKind } from '../model/thumbnails.ts';
import { patchProject } from '../../../api/project.ts';

const uploadedSchema = z.object({ movieId: z.number().int(), location: z.string() });

export interface UploadThumbnail {
  kind: ThumbnailKind;
  file: File;
  /** The project; none makes a new draft single project, whose id the reply carries. */
  movieId?: number;
  onProgress?: (percent: number) => void;
}

/** `POST /api/upload/thumbnailMobile` or `/thumbnailDesktop`: sets the project's thumbnail. */
export function uploadThumbnail({ kind, file, movieId, onProgress }: UploadThumbnail) {
  return uploadFile(`/api/upload/${kind}`, file, {
    schema: uploadedSchema,
    fields: { ...(movieId === undefined ? {} : { movieId }), contentType: file.type },
    onProgress,
  });
}

export function uploadThumbnailMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'upload-thumbnail'],
    mutationFn: uploadThumbnail,
  });
}

export function useUploadThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadThumbnailMutationOptions(),
    onSuccess: ({ movieId, location }, { kind }) => {
      void patchProject(queryClient, movieId, { [kind]: location });
    },
  });
}
