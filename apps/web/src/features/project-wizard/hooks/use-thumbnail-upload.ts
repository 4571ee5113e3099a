import { MESSAGES, TIMINGS } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useUploadThumbnail } from '../api/upload-thumbnail.ts';
import { isImageFile, type ThumbnailKind } from '../model/thumbnails.ts';

interface ThumbnailUploadOptions {
  kind: ThumbnailKind;
  /** The project; none until a save or an upload has made it. */
  movieId: number | undefined;
  /** The server made a draft for this upload: the page takes its id. */
  onProjectCreated: (movieId: number) => void;
}

export interface ThumbnailUploadState {
  /** The percentage sent while the bar shows (during the upload and briefly after); else null. */
  progress: number | null;
  /** The picked image, shown from the moment it is picked until it is deleted or replaced. */
  preview: string | null;
  /** Why the last upload failed. */
  error: string | null;
  uploading: boolean;
  upload: (file: File) => void;
  /** Forgets the picked image, once the thumbnail is deleted. */
  clearPreview: () => void;
  clearError: () => void;
}

/**
 * One thumbnail's upload (spec §4's upload states): the picked image shows at once with the progress,
 * a finished bar hides after a moment, and a refusal is toasted with the server's message (§8) and
 * kept for the field, the preview gone.
 */
export function useThumbnailUpload({
  kind,
  movieId,
  onProjectCreated,
}: ThumbnailUploadOptions): ThumbnailUploadState {
  const mutation = useUploadThumbnail();
  const { enqueueSnackbar } = useSnackbar();
  const messageText = useMessageText();
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
    if (!isImageFile(file)) {
      setError(MESSAGES.notAnImage);
      return;
    }
    setError(null);
    setProgress(0);
    setPreview(URL.createObjectURL(file));
    mutation.mutate(
      { kind, file, movieId, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setProgress(100);
          if (movieId === undefined) onProjectCreated(result.movieId);
        },
        onError: (failure) => {
          setProgress(null);
          setPreview(null);
          setError(failure.message);
          enqueueSnackbar(messageText(failure.message), { variant: 'error' });
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
    clearPreview: () => setPreview(null),
    clearError: () => setError(null),
  };
}
