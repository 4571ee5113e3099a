import { MESSAGES, formatMessage } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useMessageText } from '../lib/use-message-text.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface StatusChangeDialogProps {
  /** True to disable, false to enable again. */
  disabling: boolean;
  title: string;
  /** Names what is being changed. */
  detail: string;
  successMessage: string;
  /** Makes the change; rejects with the server's error. */
  change: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks 'Are you sure to do this?' before disabling something or enabling it again, then reports the
 * outcome: a success toast, or the server's message ('Delete error! {message}' for a failed disable).
 */
export function StatusChangeDialog({
  disabling,
  title,
  detail,
  successMessage,
  change,
  onClose,
}: StatusChangeDialogProps) {
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    setBusy(true);
    try {
      await change();
      enqueueSnackbar(successMessage, { variant: 'success' });
      onClose();
    } catch (error) {
      const text = messageText((error as Error).message);
      enqueueSnackbar(
        disabling ? formatMessage(messageText(MESSAGES.deleteError), { message: text }) : text,
        { variant: 'error' },
      );
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={title}
      message={messageText(MESSAGES.confirmAction)}
      detail={detail}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void onConfirm()}
    />
  );
}
