import { useState } from 'react';
import { useUploadProgress, type UploadProgress } from '../../../lib/use-upload-progress.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { avatarFileProblem } from '../model/avatar-file.ts';

export interface AvatarUploadState extends Pick<UploadProgress, 'progress' | 'preview'> {
  error: string | null;
  uploading: boolean;
  upload: (file: File) => void;
  clearError: () => void;
}

/**
 * The avatar upload of spec §4: idle, uploading with a percentage, back to idle. A failure resets
 * the upload state and keeps the reason for the caller's error banner.
 */
export function useAvatarUpload(): AvatarUploadState {
  const mutation = useUploadAvatar();
  const bar = useUploadProgress(mutation.isSuccess);
  const [error, setError] = useState<string | null>(null);

  const upload = (file: File) => {
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    bar.start(file);
    mutation.mutate(
      { file, onProgress: bar.setProgress },
      {
        onSuccess: bar.finish,
        onError: (failure) => {
          bar.fail();
          setError(failure.message);
        },
      },
    );
  };

  return {
    progress: bar.progress,
    preview: bar.preview,
    error,
    uploading: mutation.isPending,
    upload,
    clearError: () => setError(null),
  };
}
