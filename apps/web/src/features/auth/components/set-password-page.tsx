import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { useSetPassword } from '../api/set-password.ts';
import { landingPath } from '../model/landing-path.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/**
 * /reset-password: an invited user chooses their first password. Once the account has one (this
 * form succeeded, or it already had one) the user goes on by the landing order.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const setPassword = useSetPassword();
  if (!user) return null;
  if (user.password) return <Navigate to={landingPath(null, user)} replace />;

  return (
    <AuthLayout title={t('newPassword.setTitle')} subtitle={t('newPassword.setSubtitle')}>
      <NewPasswordForm
        error={setPassword.error?.message ?? null}
        onDismissError={() => setPassword.reset()}
        pending={setPassword.isPending}
        onSubmit={(password) => setPassword.mutate({ user_id: user.id, new_password: password })}
      />
    </AuthLayout>
  );
}
