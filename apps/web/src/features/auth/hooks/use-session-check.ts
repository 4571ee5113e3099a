import { useEffect } from 'react';
import { selectSignedIn, useAppStore } from '../../../lib/app-store.ts';
import { useCurrentUser } from '../api/current-user.ts';

/**
 * Confirms a stored session with the server once and refreshes the stored user (a name or role may
 * have changed since). A token the server refuses ends the session through the api client's 401 rule.
 */
export function useSessionCheck(): void {
  const token = useAppStore((state) => (selectSignedIn(state) ? state.token : null));
  const updateUser = useAppStore((state) => state.updateUser);
  const { data } = useCurrentUser(token);
  useEffect(() => {
    if (data) updateUser(data);
  }, [data, updateUser]);
}
