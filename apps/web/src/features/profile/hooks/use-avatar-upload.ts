import { TIMINGS } from '@plotline/core';
import { useEffect, useState } from 'react';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { avatarFileProblem } from '../model/avatar-file.ts';

/** Spec §9: a finished upload's progress bar stays this long at 100 % before it hides. */

export interface AvatarUploadState {
  /** The percentage sent, while a bar is shown; null when idle. */
  progress: number | null;
  /** The picked image, shown while it uploads and after, until the page has the server's copy. */
  preview: string | null;
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
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const finished = mutation.isSuccess;

  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => setProgress(null), TIMINGS.progressHideMs);
    return () => window.clearTimeout(timer);
  }, [finished]);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = (file: File) => {
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    setPreview(URL.createObjectURL(file));
    mutation.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => setProgress(100),
        onError: (failure) => {
          setProgress(null);
          setPreview(null);
          setError(failure.message);
        },
      },
    );
  };

  return {
    progress,
    preview,
    error,
    uploading: mutation.isPending,
    upload,
    clearError: () => setError(null),
  };
}
