import type { bannerSettingsSchema } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { patchProject } from '../../../api/project.ts';

export type BannerSettings = z.output<typeof bannerSettingsSchema>;

/** `POST /api/media/banner`: the banner's button text and colours and where it leads. */
export function saveBannerSettings(settings: BannerSettings) {
  return apiRequest('/api/media/banner', { method: 'POST', body: settings, schema: z.unknown() });
}

export function saveBannerSettingsMutationOptions() {
  return mutationOptions({
    mutationKey: ['projects', 'save-banner-settings'],
    mutationFn: saveBannerSettings,
  });
}

export function useSaveBannerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveBannerSettingsMutationOptions(),
    onSuccess: (_reply, { movie_id, ...settings }) => patchProject(queryClient, movie_id, settings),
  });
}
