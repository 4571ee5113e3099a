import type { UserRow, UserScope } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { StatusChangeDialog } from '../../../components/status-change-dialog.tsx';
import { useDisableUser } from '../api/disable-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

interface UserStatusDialogProps {
  scope: UserScope;
  user: UserRow;
  onClose: () => void;
}

/** Disables a user, or enables a disabled one, once confirmed. */
export function UserStatusDialog({ scope, user, onClose }: UserStatusDialogProps) {
  const { t } = useTranslation();
  const disable = useDisableUser(scope);
  const update = useUpdateUser(scope);
  const disabling = user.status !== 'disabled';
  const name = user.name ?? user.email;

  return (
    <StatusChangeDialog
      disabling={disabling}
      title={t(disabling ? 'users.disableTitle' : 'users.enableTitle')}
      detail={t(disabling ? 'users.disableDetail' : 'users.enableDetail', { name })}
      successMessage={t(disabling ? 'users.disabledToast' : 'users.enabledToast', { name })}
      change={() =>
        disabling
          ? disable.mutateAsync(user.id)
          : update.mutateAsync({ id: user.id, changes: { status: 'active' } })
      }
      onClose={onClose}
    />
  );
}
