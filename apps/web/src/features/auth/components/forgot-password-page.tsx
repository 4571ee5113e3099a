import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@plotline/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

/** /forgot-password: asks for a reset mail, then says it was sent. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const forgot = useForgotPassword();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    // Checked on submit, then as one types: a check on blur would move the links under a field
    // while they are being clicked.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit((values) => {
    forgot.reset();
    forgot.mutate(values);
  });

  const backToSignIn = (
    <Link
      component={RouterLink}
      to="/login"
      underline="hover"
      fontWeight={700}
      sx={{ alignSelf: 'center' }}
    >
      {t('forgotPassword.backToSignIn')}
    </Link>
  );

  if (forgot.isSuccess) {
    return (
      <AuthLayout title={t('forgotPassword.title')}>
        <Stack spacing={3}>
          <Alert severity="success">{messageText(forgot.data)}</Alert>
          {backToSignIn}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {forgot.error && (
          <Alert severity="error" closeText={t('common.close')} onClose={() => forgot.reset()}>
            {messageText(forgot.error.message)}
          </Alert>
        )}
        <Controller
          control={control}
          name="email"
          render={({ field: { ref, ...field }, fieldState: { error } }) => (
            <TextField
              {...field}
              inputRef={ref}
              label={t('forgotPassword.email')}
              type="email"
              autoComplete="email"
              autoFocus
              error={error !== undefined}
              helperText={error?.message && messageText(error.message)}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={forgot.isPending}>
          {t('forgotPassword.submit')}
        </Button>
        {backToSignIn}
      </Stack>
    </AuthLayout>
  );
}
