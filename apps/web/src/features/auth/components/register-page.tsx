import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@plotline/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useIdentityProviders } from '../../../api/identity-providers.ts';
import { useRegister } from '../api/register.ts';
import { IdentityProviderButtons } from './identity-provider-buttons.tsx';

type TextFieldName = 'username' | 'email' | 'password' | 'retype';

const FIELDS: { name: TextFieldName; type: string; autoComplete: string }[] = [
  { name: 'username', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'retype', type: 'password', autoComplete: 'new-password' },
];

/** /register: a new individual account, signed in at once; the public route guard sends it on. */
export function RegisterPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const register = useRegister();
  const providers = useIdentityProviders();
  const [providerError, setProviderError] = useState<string | null>(null);
  const error = register.error?.message ?? providerError;
  const dismissError = () => {
    register.reset();
    setProviderError(null);
  };
  const { control, handleSubmit, trigger, getValues, getFieldState } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', retype: '' },
    // Checked on submit, then as one types: a check on blur would move the links under a field
    // while they are being clicked. The retype is the exception, below.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  // 'Passwords dont match' shows as soon as the retype differs: on typing it, on leaving it and on
  // changing the password it was typed against. An empty retype waits for the submit (or for a
  // message to clear), so the message does not appear under a field not yet reached.
  const checkRetype = () => {
    if (getValues('retype') !== '' || getFieldState('retype').error) void trigger('retype');
  };

  const onSubmit = handleSubmit(({ username, email, password }) => {
    dismissError();
    register.mutate({ username, email, password });
  });

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {error && (
          <Alert severity="error" closeText={t('common.close')} onClose={dismissError}>
            {messageText(error)}
          </Alert>
        )}
        {FIELDS.map(({ name, type, autoComplete }, index) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: { ref, onChange, onBlur, ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                onChange={(event) => {
                  onChange(event);
                  if (name === 'password' || name === 'retype') checkRetype();
                }}
                onBlur={() => {
                  onBlur();
                  if (name === 'retype') checkRetype();
                }}
                inputRef={ref}
                label={t(`register.${name}`)}
                type={type}
                autoComplete={autoComplete}
                autoFocus={index === 0}
                error={error !== undefined}
                helperText={error?.message && messageText(error.message)}
              />
            )}
          />
        ))}
        <Controller
          control={control}
          name="terms"
          render={({ field: { ref, value, onChange, ...field }, fieldState: { error } }) => (
            <FormControl error={error !== undefined}>
              <FormControlLabel
                label={
                  <Trans
                    i18nKey="register.terms"
                    components={{
                      terms: (
                        <Link
                          href="/terms-conditions"
                          target="_blank"
                          rel="noopener"
                          underline="hover"
                          fontWeight={700}
                        />
                      ),
                    }}
                  />
                }
                control={
                  <Checkbox
                    {...field}
                    inputRef={ref}
                    checked={value ?? false}
                    onChange={(event) => onChange(event.target.checked)}
                  />
                }
              />
              {error?.message && <FormHelperText>{messageText(error.message)}</FormHelperText>}
            </FormControl>
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={register.isPending}>
          {t('register.submit')}
        </Button>
        <IdentityProviderButtons
          providers={providers.data ?? []}
          onError={(message) => {
            register.reset();
            setProviderError(message);
          }}
          // Signing up with a provider accepts the same terms as the form does.
          mayStart={() => {
            if (getValues('terms')) return true;
            void trigger('terms');
            return false;
          }}
        />
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login" underline="hover" fontWeight={700}>
            {t('register.signIn')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
