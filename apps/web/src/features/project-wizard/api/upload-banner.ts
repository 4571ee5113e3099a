import { bannerImageViews, type BannerKind, type Project } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadFile } from '../../../lib/upload-file.ts';
import { patchProject } from '../../../api/project.ts';

const uploadedSchema = z.object({ location: z.string(), mediaId: z.number().int() });

export interface UploadBanner {
  movieId: number;
  kind: BannerKind;
  /** The image being replaced, if any. */
  mediaId: number | null;
  file: File;
  onProgress?: (percent: number) => void;
}

/** `POST /api/upload/banner/{kind}`: the project's banner image of one kind, new or replaced. */
export function uploadBanner({ movieId, kind, mediaId, file, onProgress }: UploadBanner) {
  return uploadFile(`/api/upload/banner/${kind}`, file, {
    schema: uploadedSchema,
    fields: { movieId, ...(mediaId === null ? {} : { mediaId }) },
    onProgress,
  });
}

export function uploadBannerMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'upload-banner'], mutationFn: uploadBanner });
}

export function useUploadBanner(project: Project) {
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadBannerMutationOptions(),
    onSuccess: ({ location, mediaId }, { kind }) =>
      patchProject(
        queryClient,
        project.movieId,
        bannerImageViews({ ...project.banners, [kind]: { url: location, mediaId } }),
      ),
  });
}
