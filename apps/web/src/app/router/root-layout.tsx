import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionCheck } from '../../features/auth/hooks/use-session-check.ts';

export function RootLayout() {
  useSessionCheck();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
