import { MESSAGES } from '@plotline/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useDeleteErrorToast } from '../lib/use-delete-error-toast.ts';
import { useMessageText } from '../lib/use-message-text.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface ConfirmDeleteDialogProps<Variables> {
  title: string;
  /** What goes, named under the spec's question. */
  detail: string;
  /** The toast once it has gone. */
  deletedMessage: string;
  /** The delete call, and what it is called with. */
  remove: UseMutationResult<unknown, Error, Variables>;
  variables: Variables;
  onClose: () => void;
}

/**
 * Deletes something once confirmed with the spec's 'Delete item, are you sure?': says so, or why
 * the server refused. Cancel has the focus: a delete cannot be undone, so Enter never does it.
 */
export function ConfirmDeleteDialog<Variables>({
  title,
  detail,
  deletedMessage,
  remove,
  variables,
  onClose,
}: ConfirmDeleteDialogProps<Variables>) {
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const deleteErrorToast = useDeleteErrorToast();

  const onConfirm = () =>
    remove.mutate(variables, {
      onSuccess: () => {
        enqueueSnackbar(deletedMessage, { variant: 'success' });
        onClose();
      },
      onError: (failure) => {
        deleteErrorToast(failure);
        onClose();
      },
    });

  return (
    <ConfirmDialog
      open
      title={title}
      message={messageText(MESSAGES.confirmDelete)}
      detail={detail}
      busy={remove.isPending}
      focus="cancel"
      onCancel={onClose}
      onConfirm={onConfirm}
    />
  );
}
