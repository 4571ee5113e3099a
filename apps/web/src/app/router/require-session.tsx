import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { nextFromLocation } from '../../features/auth/model/landing-path.ts';
import { selectSignedIn, useAppStore } from '../../lib/app-store.ts';

/** /app and the steps after sign-up are for signed-in users; anyone else is sent to sign-in at `/`. */
export function RequireSession() {
  const signedIn = useAppStore(selectSignedIn);
  const next = useAppStore((state) => state.next);
  const rememberNext = useAppStore((state) => state.rememberNext);
  const clearNext = useAppStore((state) => state.clearNext);
  const { pathname, search } = useLocation();
  // Only an address visited while signed out is remembered as `next`. When a session ends here
  // (log out, a revoked token) the user is not asking for this page again after signing in.
  const [arrivedSignedOut] = useState(!signedIn);

  useEffect(() => {
    if (signedIn || !arrivedSignedOut) return;
    const wanted = nextFromLocation(pathname, search);
    if (wanted) rememberNext(wanted);
  }, [signedIn, arrivedSignedOut, pathname, search, rememberNext]);

  useEffect(() => {
    // Arriving signed in means `next` has been followed.
    if (signedIn && next) clearNext();
  }, [signedIn, next, clearNext]);

  if (!signedIn) return <Navigate to="/" replace />;
  return <Outlet />;
}
