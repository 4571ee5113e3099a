import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type IdentityProvider } from '@plotline/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useLogin } from '../api/login.ts';
import { IdentityProviderButtons } from './identity-provider-buttons.tsx';

interface SignInFormProps {
  /** A failure from before this form was used (a refused invitation), shown in the error banner. */
  notice?: string | null;
  /** The configured identity providers, a button each under the form. */
  providers?: IdentityProvider[];
}

export function SignInForm({ notice = null, providers = [] }: SignInFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  const error = login.error?.message ?? providerError ?? (noticeDismissed ? null : notice);
  const { control, handleSubmit, watch } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '', remember: false },
    // Checked on submit, then as one types: a check on blur would move the links under a field
    // while they are being clicked.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const dismissError = () => {
    login.reset();
    setProviderError(null);
    setNoticeDismissed(true);
  };

  const onSubmit = handleSubmit((values) => {
    dismissError();
    login.mutate(values);
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {error && (
        <Alert severity="error" closeText={t('common.close')} onClose={dismissError}>
          {messageText(error)}
        </Alert>
      )}
      <Controller
        control={control}
        name="username"
        render={({ field: { ref, ...field }, fieldState: { error } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={t('signIn.email')}
            type="email"
            autoComplete="username"
            autoFocus
            error={error !== undefined}
            helperText={error?.message && messageText(error.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="password"
        render={({ field: { ref, ...field }, fieldState: { error } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={t('signIn.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            error={error !== undefined}
            helperText={error?.message && messageText(error.message)}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      // Not "Show password": a label containing "password" would make the
                      // field's own label ambiguous for assistive tech and label queries.
                      aria-label={t('signIn.showPassword')}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((shown) => !shown)}
                      onMouseDown={(event) => event.preventDefault()}
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Controller
          control={control}
          name="remember"
          render={({ field: { ref, value, onChange, ...field } }) => (
            <FormControlLabel
              label={t('signIn.rememberMe')}
              control={
                <Checkbox
                  {...field}
                  inputRef={ref}
                  checked={value ?? false}
                  onChange={(event) => onChange(event.target.checked)}
                />
              }
            />
          )}
        />
        <Link component={RouterLink} to="/forgot-password" underline="hover" fontWeight={700}>
          {t('signIn.forgotPassword')}
        </Link>
      </Stack>
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        {t('signIn.continue')}
      </Button>
      <IdentityProviderButtons
        providers={providers}
        remember={watch('remember') ?? false}
        onError={(message) => {
          login.reset();
          setNoticeDismissed(true);
          setProviderError(message);
        }}
      />
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('signIn.noAccount')}{' '}
        <Link component={RouterLink} to="/register" underline="hover" fontWeight={700}>
          {t('signIn.createAccount')}
        </Link>
      </Typography>
    </Stack>
  );
}
