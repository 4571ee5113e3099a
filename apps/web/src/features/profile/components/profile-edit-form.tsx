import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type SessionUser } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { useSetFirstPassword } from '../api/set-first-password.ts';
import {
  changesPassword,
  profileDrawerFormSchema,
  type ProfileDrawerValues,
} from '../model/profile-form.ts';
import { ProfileNameField } from './profile-name-field.tsx';

interface ProfileEditFormProps {
  user: SessionUser;
  /** An avatar upload is under way: saving waits for it. */
  busy: boolean;
  onSaved: () => void;
}

const PASSWORD_FIELDS: { name: FieldPath<ProfileDrawerValues>; label: string; auto: string }[] = [
  { name: 'currentPassword', label: 'profile.currentPassword', auto: 'current-password' },
  { name: 'password', label: 'profile.newPassword', auto: 'new-password' },
  { name: 'retype', label: 'profile.retypePassword', auto: 'new-password' },
];

/**
 * The drawer's edit mode: the name, the read-only email and a password field whose focus opens the
 * password change. Save stores the name and, when a new password is typed, changes the password.
 */
export function ProfileEditForm({ user, busy, onSaved }: ProfileEditFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const saveProfile = useSaveProfile();
  const changePassword = useChangePassword();
  const setFirstPassword = useSetFirstPassword();
  // An account that signs in with an identity provider only has no current password to give.
  const passwordFields = user.password
    ? PASSWORD_FIELDS
    : PASSWORD_FIELDS.filter(({ name }) => name !== 'currentPassword');
  const [changingPassword, setChangingPassword] = useState(false);
  const { control, handleSubmit, watch, formState } = useForm<ProfileDrawerValues>({
    resolver: zodResolver(profileDrawerFormSchema(user)),
    defaultValues: { name: user.name ?? '', currentPassword: '', password: '', retype: '' },
    mode: 'onChange',
  });
  const pending = saveProfile.isPending || changePassword.isPending || setFirstPassword.isPending;
  const blank = watch('name').trim() === '';
  const hasError = Object.keys(formState.errors).length > 0;

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The password first: a wrong current password then leaves nothing half saved.
      if (changesPassword(values) && !user.password) {
        await setFirstPassword.mutateAsync({ user_id: user.id, new_password: values.password });
      } else if (changesPassword(values)) {
        await changePassword.mutateAsync({
          user_id: user.id,
          current_password: values.currentPassword,
          password: values.password,
        });
      }
      await saveProfile.mutateAsync({ user, name: values.name });
      enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
      onSaved();
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.somethingWentWrong;
      enqueueSnackbar(messageText(message), { variant: 'error' });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} sx={{ width: '100%' }}>
      <ProfileNameField control={control} name="name" user={user} />
      <TextField
        label={t('profile.email')}
        value={user.email}
        type="email"
        slotProps={{ input: { readOnly: true } }}
        helperText={t('profile.emailReadOnly')}
      />
      {changingPassword ? (
        passwordFields.map(({ name, label, auto }, index) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t(label)}
                type="password"
                autoComplete={auto}
                autoFocus={index === 0}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message && messageText(fieldState.error.message)}
              />
            )}
          />
        ))
      ) : (
        <TextField
          label={t('profile.password')}
          type={user.password ? 'password' : 'text'}
          value={user.password ? '********' : t('profile.noPassword')}
          helperText={t(user.password ? 'profile.passwordHint' : 'profile.setPasswordHint')}
          onFocus={() => setChangingPassword(true)}
          slotProps={{ input: { readOnly: true } }}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={pending}
        disabled={hasError || blank || busy || pending}
      >
        {t('profile.save')}
      </Button>
    </Stack>
  );
}
