import { formatMessage, MESSAGES } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useMessageText } from './use-message-text.ts';

/** Toasts a refused delete: "could not delete" with the server's reason (spec §8). */
export function useDeleteErrorToast(): (failure: Error) => void {
  const { enqueueSnackbar } = useSnackbar();
  const messageText = useMessageText();
  return useCallback(
    (failure: Error) =>
      enqueueSnackbar(
        formatMessage(messageText(MESSAGES.deleteError), {
          message: messageText(failure.message),
        }),
        { variant: 'error' },
      ),
    [enqueueSnackbar, messageText],
  );
}
