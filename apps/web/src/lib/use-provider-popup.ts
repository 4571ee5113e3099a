import type { IdentityProvider, OidcPopupMessage } from '@plotline/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A provider's popup under way: whose it is, and its window, to bring forward. */
export interface ProviderPopup {
  provider: IdentityProvider;
  popup: Window;
}

/**
 * One provider popup at a time, as the sign-in buttons and the profile's link dialog wait for it:
 * `watch` resolves with what its result page posted, or null when it was closed without a result
 * or `cancel`led (the popup is then closed, and the screen has nothing more to do). The wait ends
 * with the component too.
 */
export function useProviderPopup() {
  const [waiting, setWaiting] = useState<ProviderPopup | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const cancel = useCallback(() => {
    abort.current?.abort();
    setWaiting(null);
  }, []);

  const watch = useCallback(
    async (popup: Window, provider: IdentityProvider): Promise<OidcPopupMessage | null> => {
      const controller = new AbortController();
      abort.current = controller;
      setWaiting({ provider, popup });
      const { watchPopup } = await import('./watch-popup.ts');
      const result = await watchPopup(popup, controller.signal);
      if (controller.signal.aborted) return null;
      setWaiting(null);
      return result;
    },
    [],
  );

  return { waiting, watch, cancel };
}
