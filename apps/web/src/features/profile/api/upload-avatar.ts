import { mutationOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useAppStore } from '../../../lib/app-store.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

export const UPLOAD_AVATAR_PATH = '/api/upload/avatar';

const avatarReplySchema = z.object({ avatar: z.string() });

interface UploadAvatar {
  file: File;
  onProgress?: (percent: number) => void;
}

/** Uploads the signed-in user's avatar; the server sets it on the account and answers its address. */
export function uploadAvatar({ file, onProgress }: UploadAvatar) {
  return uploadFile(UPLOAD_AVATAR_PATH, file, { schema: avatarReplySchema, onProgress });
}

export function uploadAvatarMutationOptions() {
  return mutationOptions({ mutationKey: ['profile', 'avatar'], mutationFn: uploadAvatar });
}

export function useUploadAvatar() {
  const updateUser = useAppStore((state) => state.updateUser);
  return useMutation({
    ...uploadAvatarMutationOptions(),
    onSuccess: ({ avatar }) => {
      // Read at the end: the name may have been saved while the file was on its way.
      const user = useAppStore.getState().user;
      if (user) updateUser({ ...user, avatar });
    },
  });
}
