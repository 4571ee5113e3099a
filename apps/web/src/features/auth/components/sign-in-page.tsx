import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { oidcErrorMessage, studioNextPage, type IdentityProvider } from '@plotline/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { useIdentityProviders } from '../../../api/identity-providers.ts';
import { oidcErrorCodeOf } from '../model/oidc.ts';
import { IdentityProviderButtons } from './identity-provider-buttons.tsx';
import { MaintenanceNotice } from './maintenance-notice.tsx';
import { SignInForm } from './sign-in-form.tsx';

/** A provider sign-in that finished in the page and failed comes back as `?oidc_error=&provider=`. */
function providerNotice(params: URLSearchParams, providers: IdentityProvider[]): string | null {
  const code = params.get('oidc_error');
  if (code === null) return null;
  const kind = params.get('provider');
  const name = providers.find((provider) => provider.kind === kind)?.name ?? kind ?? '';
  return oidcErrorMessage(oidcErrorCodeOf(code), name);
}

interface InvitationChoiceProps {
  token: string;
  providers: IdentityProvider[];
  onPassword: () => void;
}

/** An invitation, where providers are configured: a password of one's own, or a provider's account. */
function InvitationChoice({ token, providers, onPassword }: InvitationChoiceProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [error, setError] = useState<string | null>(null);
  return (
    <AuthLayout title={t('signIn.inviteTitle')} subtitle={t('signIn.inviteChoose')}>
      <Stack spacing={2.5}>
        {error && (
          <Alert severity="error" closeText={t('common.close')} onClose={() => setError(null)}>
            {messageText(error)}
          </Alert>
        )}
        <Button variant="contained" size="large" onClick={onPassword}>
          {t('signIn.invitePassword')}
        </Button>
        <IdentityProviderButtons providers={providers} invite={token} onError={setError} />
      </Stack>
    </AuthLayout>
  );
}

/**
 * `/` and `/login`. With `?invite=TOKEN` (the invitation mail's link) it exchanges the token for a
 * session, first letting the user choose a provider instead when one is configured; a refused
 * token leaves the sign-in form with the server's reason. `?next=` names the studio page to land
 * on (core `studioNextPage`), kept as a page visited while signed out is, for the password and
 * the providers alike.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const inviteToken = params.get('invite');
  const askedNext = studioNextPage(params.get('next'));
  const rememberNext = useAppStore((state) => state.rememberNext);
  useEffect(() => {
    if (askedNext) rememberNext(askedNext);
  }, [askedNext, rememberNext]);
  const providers = useIdentityProviders();
  // Without the list (none configured, or the call failed) the password sign-in alone is offered.
  const configured = providers.data ?? [];
  const [passwordChosen, setPasswordChosen] = useState(false);
  const choosing = inviteToken !== null && configured.length > 0 && !passwordChosen;
  const accepting = inviteToken !== null && !providers.isPending && !choosing;
  const invite = useAcceptInvite(accepting ? inviteToken : null);
  const waitingId = useId();

  if (choosing) {
    return (
      <InvitationChoice
        token={inviteToken}
        providers={configured}
        onPassword={() => setPasswordChosen(true)}
      />
    );
  }

  if (inviteToken !== null && !invite.isError) {
    return (
      <AuthLayout title={t('signIn.inviteTitle')}>
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 4 }}>
          <CircularProgress aria-labelledby={waitingId} />
          <Typography id={waitingId} color="text.secondary">
            {t('signIn.acceptingInvite')}
          </Typography>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <MaintenanceNotice />
      <SignInForm
        notice={invite.error?.message ?? providerNotice(params, configured)}
        providers={configured}
      />
    </AuthLayout>
  );
}
