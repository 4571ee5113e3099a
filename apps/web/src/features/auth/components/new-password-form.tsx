import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordPairSchema } from '@plotline/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';

interface NewPasswordFormProps {
  /** The failure of the last submit, shown in a banner that can be dismissed. */
  error: string | null;
  onDismissError?: () => void;
  pending: boolean;
  /** Keeps the form closed, e.g. when the link carries no token. */
  disabled?: boolean;
  onSubmit: (password: string) => void;
}

/** New Password and its retype (spec §5 "New password and reset forms"), validated as one types. */
export function NewPasswordForm({
  error,
  onDismissError,
  pending,
  disabled = false,
  onSubmit,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { control, handleSubmit, watch, trigger, getFieldState, formState } = useForm({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: { password: '', retype: '' },
    mode: 'onChange',
  });
  const password = watch('password');
  const hasError = Object.keys(formState.errors).length > 0;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={handleSubmit((values) => onSubmit(values.password))}
    >
      {error && (
        <Alert severity="error" closeText={t('common.close')} onClose={onDismissError}>
          {messageText(error)}
        </Alert>
      )}
      <Controller
        control={control}
        name="password"
        render={({ field: { ref, onChange, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            onChange={(event) => {
              onChange(event);
              // A retype that matched may stop matching, and the other way round.
              if (getFieldState('retype').isDirty) void trigger('retype');
            }}
            label={t('newPassword.password')}
            type="password"
            autoComplete="new-password"
            autoFocus
            disabled={disabled}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message && messageText(fieldState.error.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="retype"
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={t('newPassword.retype')}
            type="password"
            autoComplete="new-password"
            disabled={disabled}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message && messageText(fieldState.error.message)}
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={pending}
        disabled={disabled || hasError || password === '' || pending}
      >
        {t('newPassword.save')}
      </Button>
    </Stack>
  );
}
