import { MESSAGES } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useUploadProgress, type UploadProgress } from '../../../lib/use-upload-progress.ts';
import { useUploadThumbnail } from '../api/upload-thumbnail.ts';
import { isImageFile, type ThumbnailKind } from '../model/thumbnails.ts';

interface ThumbnailUploadOptions {
  kind: ThumbnailKind;
  /** The project; none until a save or an upload has made it. */
  movieId: number | undefined;
  /** The server made a draft for this upload: the page takes its id. */
  onProjectCreated: (movieId: number) => void;
}

export interface ThumbnailUploadState extends Pick<UploadProgress, 'progress' | 'preview'> {
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
  const bar = useUploadProgress(mutation.isSuccess);
  const [error, setError] = useState<string | null>(null);

  const upload = (file: File) => {
    if (!isImageFile(file)) {
      setError(MESSAGES.notAnImage);
      return;
    }
    setError(null);
    bar.start(file);
    mutation.mutate(
      { kind, file, movieId, onProgress: bar.setProgress },
      {
        onSuccess: (result) => {
          bar.finish();
          if (movieId === undefined) onProjectCreated(result.movieId);
        },
        onError: (failure) => {
          bar.fail();
          setError(failure.message);
          enqueueSnackbar(messageText(failure.message), { variant: 'error' });
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
    clearPreview: bar.clearPreview,
    clearError: () => setError(null),
  };
}
