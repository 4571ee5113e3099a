import type { ContentType } from '@plotline/core';
import { useSnackbar } from 'notistack';
import type { UploadFiles } from '../../../components/upload-widget/upload-widget.tsx';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useUploadMovieContent } from '../api/upload-movie-content.ts';

interface ContentUpload {
  movieId: number;
  type: ContentType;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The upload widget's `upload` for clips or bridges: the files go one after the other, progress
 * counts the bytes of all of them (a file that continues an earlier upload counts what was sent
 * before), and a failure is toasted with the server's message (spec §8) before the widget shows it
 * too.
 */
export function useContentUpload({ movieId, type }: ContentUpload): UploadFiles {
  const { mutateAsync } = useUploadMovieContent();
  const { enqueueSnackbar } = useSnackbar();
  const messageText = useMessageText();

  return async (files, onProgress, signal, onResume) => {
    const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
    let sent = 0;
    try {
      for (const file of files) {
        const done = sent;
        await mutateAsync({
          file,
          movieId,
          type,
          signal,
          onProgress: (percent) =>
            onProgress(Math.round(((done + (file.size * percent) / 100) / total) * 100)),
          onResume: (percent) => onResume(file, percent),
        });
        sent += file.size;
      }
    } catch (error) {
      if (!isAbort(error) && error instanceof Error) {
        enqueueSnackbar(messageText(error.message), { variant: 'error' });
      }
      throw error;
    }
  };
}
