import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MESSAGES, type Role, type UserRow, type UserScope } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useUpdateUser } from '../api/update-user.ts';

interface ChangeRoleDialogProps {
  scope: UserScope;
  user: UserRow;
  /** The roles the caller may give. */
  roles: readonly Role[];
  onClose: () => void;
}

export function ChangeRoleDialog({ scope, user, roles, onClose }: ChangeRoleDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const update = useUpdateUser(scope);
  const [role, setRole] = useState<Role>(user.role);

  const onSave = () =>
    update.mutate(
      { id: user.id, changes: { role } },
      {
        onSuccess: () => {
          enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(messageText(error.message), { variant: 'error' }),
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('users.changeRoleTitle')}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <DialogContentText sx={{ mb: 2.5, overflowWrap: 'anywhere' }}>
          {user.name ? `${user.name} · ${user.email}` : user.email}
        </DialogContentText>
        <TextField
          select
          label={t('users.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {roles.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`roles.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('list.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onSave}
          loading={update.isPending}
          disabled={role === user.role}
        >
          {t('list.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
