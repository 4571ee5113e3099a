import type { StateStorage } from 'zustand/middleware';

export interface ThrottledStorage extends StateStorage {
  /** Writes the pending value now, e.g. before the page goes away. */
  flush: () => void;
}

/**
 * Wraps a storage so that each key is written at most once per `waitMs`: the first write of a quiet
 * spell goes through at once, later ones within the window are merged and the last value is written
 * when the window ends. Reads see the pending value, so nobody reads a stale state.
 */
export function createThrottledStorage(storage: Storage, waitMs: number): ThrottledStorage {
  const pending = new Map<string, string>();
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = (name: string, value: string) => {
    try {
      storage.setItem(name, value);
    } catch (error) {
      // A full or blocked storage must not break the app (spec §8: logged and skipped).
      console.warn(`Could not store ${name}`, error);
    }
  };

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    lastWriteAt = Date.now();
    for (const [name, value] of pending) write(name, value);
    pending.clear();
  };

  return {
    getItem: (name) => pending.get(name) ?? storage.getItem(name),
    setItem: (name, value) => {
      pending.set(name, value);
      if (timer !== undefined) return;
      const wait = lastWriteAt + waitMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    removeItem: (name) => {
      pending.delete(name);
      storage.removeItem(name);
    },
    flush,
  };
}
