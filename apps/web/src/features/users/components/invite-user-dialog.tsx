import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Role, UserScope } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { inviteFormSchema, type Invitation } from '../model/invite-form.ts';

interface InviteUserDialogProps {
  scope: UserScope;
  /** The roles the caller may give, most powerful first. */
  roles: readonly Role[];
  /** The companies to invite into, for a caller outside every company; undefined otherwise. */
  companies?: readonly { id: number; name: string }[];
  onClose: () => void;
}

export function InviteUserDialog({ scope, roles, companies, onClose }: InviteUserDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const invite = useInviteUser(scope);
  const needsCompany = companies !== undefined;
  const schema = useMemo(() => inviteFormSchema(needsCompany), [needsCompany]);
  const { control, handleSubmit, setError } = useForm<Invitation>({
    resolver: zodResolver(schema),
    // The least powerful role is the safe default.
    defaultValues: { email: '', role: roles.at(-1) },
  });

  const onSubmit = handleSubmit((invitation) =>
    invite.mutate(invitation, {
      onSuccess: (user) => {
        enqueueSnackbar(t('users.invitedToast', { email: user.email }), { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        // An address already in use belongs to the field that holds it.
        if (error instanceof ApiError && error.status === 409) {
          setError('email', { message: error.message });
        } else {
          enqueueSnackbar(messageText(error.message), { variant: 'error' });
        }
      },
    }),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('users.inviteTitle')}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ pt: 1 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('users.inviteHint')}</DialogContentText>
          <Stack spacing={2.5}>
            <Controller
              control={control}
              name="email"
              render={({ field: { ref, ...field }, fieldState: { error } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  type="email"
                  label={t('users.email')}
                  autoFocus
                  autoComplete="off"
                  error={error !== undefined}
                  helperText={error?.message && messageText(error.message)}
                />
              )}
            />
            <Controller
              control={control}
              name="role"
              render={({ field: { ref, value, ...field }, fieldState: { error } }) => (
                <TextField
                  {...field}
                  value={value ?? ''}
                  inputRef={ref}
                  select
                  label={t('users.role')}
                  error={error !== undefined}
                  helperText={error?.message && messageText(error.message)}
                >
                  {roles.map((role) => (
                    <MenuItem key={role} value={role}>
                      {t(`roles.${role}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {companies && (
              <Controller
                control={control}
                name="companyId"
                render={({ field: { ref, value, onChange, ...field }, fieldState: { error } }) => (
                  <TextField
                    {...field}
                    value={value ?? ''}
                    onChange={(event) => onChange(Number(event.target.value))}
                    inputRef={ref}
                    select
                    label={t('users.company')}
                    error={error !== undefined}
                    helperText={error?.message && messageText(error.message)}
                  >
                    {companies.map((company) => (
                      <MenuItem key={company.id} value={company.id}>
                        {company.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={invite.isPending}>
            {t('list.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            {t('users.sendInvitation')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
