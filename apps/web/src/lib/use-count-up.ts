import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState } from 'react';

const COUNT_UP_MS = 900;

/**
 * A number that counts up to `target` (§2 counter tiles with animated numbers), easing out; from
 * the value shown when the target changes. Someone who asked for reduced motion sees the target.
 */
export function useCountUp(target: number, durationMs = COUNT_UP_MS): number {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [shown, setShown] = useState(reduced ? target : 0);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    if (reduced) {
      setShown(target);
      return undefined;
    }
    const origin = shownRef.current;
    let start: number | undefined;
    let frame = 0;
    const step = (now: number) => {
      start ??= now;
      const progress = Math.min((now - start) / durationMs, 1);
      const eased = 1 - (1 - progress) ** 3;
      setShown(origin + (target - origin) * eased);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, reduced, durationMs]);

  return shown;
}
