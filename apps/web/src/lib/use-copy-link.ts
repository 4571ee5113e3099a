import { MESSAGES } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useMessageText } from './use-message-text.ts';

/**
 * Copies a link to the clipboard and says so (§8 'Link copied to clipboard!'). Where the browser
 * refuses (no permission, a page not served over HTTPS) the user is told to copy it by hand.
 */
export function useCopyLink(): (link: string) => Promise<void> {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  return async (link: string) => {
    try {
      // `clipboard` is missing outside secure contexts, whatever the types say.
      if (!(navigator.clipboard as Clipboard | undefined)) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link);
      enqueueSnackbar(messageText(MESSAGES.linkCopied), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('projectWizard.stepFour.copyFailed'), { variant: 'error' });
    }
  };
}
