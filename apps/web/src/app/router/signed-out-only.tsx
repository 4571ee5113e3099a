import { Navigate, Outlet } from 'react-router';
import { landingPath } from '../../features/auth/model/landing-path.ts';
import { selectSignedIn, useAppStore } from '../../lib/app-store.ts';

/**
 * Sign-in is for signed-out visitors. A signed-in one (a stored session, or a sign-in that just
 * succeeded) is sent to where they belong; doing it here, and only here, means the form and the
 * guard never race to navigate.
 */
export function SignedOutOnly() {
  const signedIn = useAppStore(selectSignedIn);
  const user = useAppStore((state) => state.user);
  const next = useAppStore((state) => state.next);
  if (signedIn && user) return <Navigate to={landingPath(next, user)} replace />;
  return <Outlet />;
}
