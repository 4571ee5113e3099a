import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { isNewProjectAddress } from '../model/wizard-step.ts';

export interface LeaveGuard {
  /** A navigation waits for the user's answer. */
  asking: boolean;
  stay: () => void;
  leave: () => void;
}

/**
 * While there are unsaved changes, leaving the page (a link, Back, another step, closing the tab)
 * asks first. Giving a new project its id in the address is not leaving.
 */
export function useLeaveGuard(unsaved: boolean): LeaveGuard {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !isNewProjectAddress(currentLocation.pathname, nextLocation.pathname),
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
