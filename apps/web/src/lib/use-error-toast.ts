import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useMessageText } from './use-message-text.ts';

/** Shows a failed query's message (the server's own) as an error toast, once per failure. */
export function useErrorToast(error: Error | null): void {
  const { enqueueSnackbar } = useSnackbar();
  const messageText = useMessageText();
  useEffect(() => {
    if (error) enqueueSnackbar(messageText(error.message), { variant: 'error' });
  }, [error, enqueueSnackbar, messageText]);
}
