import { AppShell } from '../shell/app-shell.tsx';
import { RequireRights } from './require-rights.tsx';

/** The /app pages inside the frame, each behind its rights; loaded apart from the sign-in screen. */
export function FramedPages() {
  return (
    <RequireRights>
      <AppShell />
    </RequireRights>
  );
}
