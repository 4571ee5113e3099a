/**
 * The viewer's "Timed choices" setting, for every story on this device: off, timers never run and
 * choices wait for the viewer as untimed ones do (WCAG 2.2.1: a timing the viewer can turn off).
 */
export const TIMED_CHOICES_KEY = 'plotline.timed-choices';

export function timedChoicesOn(storage: Storage | null): boolean {
  try {
    return storage?.getItem(TIMED_CHOICES_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setTimedChoicesOn(storage: Storage | null, on: boolean): void {
  try {
    if (on) storage?.removeItem(TIMED_CHOICES_KEY);
    else storage?.setItem(TIMED_CHOICES_KEY, 'off');
  } catch {
    // Refused: the setting holds for this page only.
  }
}
