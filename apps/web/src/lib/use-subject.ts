import type { Subject } from '@plotline/core';
import { useShallow } from 'zustand/react/shallow';
import { selectSignedIn, useAppStore } from './app-store.ts';

/** Whom rights are checked for: the signed-in user's role and company type, or null when signed out. */
export function useSubject(): Subject | null {
  return useAppStore(
    useShallow((state) =>
      selectSignedIn(state) && state.user
        ? { role: state.user.role, companyType: state.user.company_type }
        : null,
    ),
  );
}
