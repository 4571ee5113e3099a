import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { SignInForm } from './sign-in-form.tsx';

/**
 * `/` and `/login`. With `?invite=TOKEN` (the invitation mail's link) it first exchanges the token
 * for a session; a refused token leaves the sign-in form with the server's reason.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const inviteToken = useSearchParams()[0].get('invite');
  const invite = useAcceptInvite(inviteToken);
  const waitingId = useId();

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
      <SignInForm notice={invite.error?.message} />
    </AuthLayout>
  );
}
