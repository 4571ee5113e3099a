import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null;

/** Whether the page fills the screen, and a toggle; follows Esc and the browser's own controls too. */
export function useFullscreen(): [boolean, () => void] {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const toggle = useCallback(() => {
    const change = isFullscreen()
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    // A refusal (no user gesture, an iframe without permission) leaves things as they are.
    change.catch(() => undefined);
  }, []);
  return [fullscreen, toggle];
}
