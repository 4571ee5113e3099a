import { MESSAGES, formatMessage, type UserRow, type UserScope } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useDisableUser } from '../api/disable-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

interface UserStatusDialogProps {
  scope: UserScope;
  user: UserRow;
  onClose: () => void;
}

/** Asks 'Are you sure to do this?' before disabling a user, or enabling a disabled one. */
export function UserStatusDialog({ scope, user, onClose }: UserStatusDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const disable = useDisableUser(scope);
  const update = useUpdateUser(scope);
  const disabling = user.status !== 'disabled';
  const name = user.name ?? user.email;

  const onConfirm = () => {
    const onSuccess = () => {
      enqueueSnackbar(t(disabling ? 'users.disabledToast' : 'users.enabledToast', { name }), {
        variant: 'success',
      });
      onClose();
    };
    const onError = (error: Error) => {
      const text = messageText(error.message);
      enqueueSnackbar(
        disabling ? formatMessage(messageText(MESSAGES.deleteError), { message: text }) : text,
        { variant: 'error' },
      );
    };
    if (disabling) disable.mutate(user.id, { onSuccess, onError });
    else update.mutate({ id: user.id, changes: { status: 'active' } }, { onSuccess, onError });
  };

  return (
    <ConfirmDialog
      open
      title={t(disabling ? 'users.disableTitle' : 'users.enableTitle')}
      message={messageText(MESSAGES.confirmAction)}
      detail={t(disabling ? 'users.disableDetail' : 'users.enableDetail', { name })}
      busy={disable.isPending || update.isPending}
      onCancel={onClose}
      onConfirm={onConfirm}
    />
  );
}
