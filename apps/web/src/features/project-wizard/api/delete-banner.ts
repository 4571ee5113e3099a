import { bannerImageViews, type BannerKind, type Project } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchProject } from '../../../api/project.ts';

/** `DELETE /api/media/banner/{movieId}/{kind}`: the project's banner image of one kind. */
export function deleteBanner({ movieId, kind }: { movieId: number; kind: BannerKind }) {
  return apiRequest(`/api/media/banner/${movieId}/${kind}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function deleteBannerMutationOptions() {
  return mutationOptions({ mutationKey: ['projects', 'delete-banner'], mutationFn: deleteBanner });
}

export function useDeleteBanner(project: Project) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteBannerMutationOptions(),
    onSuccess: (_reply, { kind }) =>
      patchProject(
        queryClient,
        project.movieId,
        bannerImageViews({ ...project.banners, [kind]: { url: null, mediaId: null } }),
      ),
  });
}
