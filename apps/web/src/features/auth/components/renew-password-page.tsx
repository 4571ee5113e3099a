import { MESSAGES, TIMINGS } from '@plotline/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useRenewPassword } from '../api/renew-password.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/**
 * /renew-password?t=TOKEN, the link of a reset mail. The server ends every session of the account,
 * so on success this browser signs out too and returns to sign-in after the logout delay.
 */
export function RenewPasswordPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const token = useSearchParams()[0].get('t');
  const renew = useRenewPassword();
  const signOut = useAppStore((state) => state.signOut);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      TIMINGS.logoutRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [leaving, navigate]);

  const submit = (password: string) => {
    if (!token) return;
    renew.mutate(
      { t: token, new_password: password },
      {
        onSuccess: () => {
          enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
          signOut();
          queryClient.removeQueries();
          setLeaving(true);
        },
      },
    );
  };

  const error = token ? (renew.error?.message ?? null) : MESSAGES.invalidLink;
  return (
    <AuthLayout title={t('newPassword.renewTitle')} subtitle={t('newPassword.renewSubtitle')}>
      <NewPasswordForm
        error={error}
        onDismissError={token ? () => renew.reset() : undefined}
        pending={renew.isPending || leaving}
        disabled={!token}
        onSubmit={submit}
      />
    </AuthLayout>
  );
}
