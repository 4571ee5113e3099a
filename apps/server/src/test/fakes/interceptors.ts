import { AppError } from '../../errors.ts';

type AsyncMethodKey<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/** Lets every task that can run run: the fakes do no I/O, so one turn of the event loop is enough. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Holds the next call of `target[method]` until `release()`: `reached` resolves when a caller is
 * waiting there. For interleaving two operations at a point of one's choosing.
 */
export function holdNextCall<T extends object>(target: T, method: AsyncMethodKey<T>) {
  const original = target[method] as (...args: unknown[]) => Promise<unknown>;
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  target[method] = (async (...args: unknown[]) => {
    if (!held) {
      held = true;
      arrive();
      await released;
    }
    return original.apply(target, args);
  }) as T[typeof method];
  return { reached, release };
}

/** Makes the `n`th call (from 1) of `target[method]` from now on fail with `error`. */
export function failCall<T extends object>(
  target: T,
  method: AsyncMethodKey<T>,
  n: number,
  error: Error,
): void {
  const original = target[method] as (...args: unknown[]) => Promise<unknown>;
  let calls = 0;
  target[method] = (async (...args: unknown[]) => {
    calls += 1;
    if (calls === n) throw error;
    return original.apply(target, args);
  }) as T[typeof method];
}

/** Follows whether a promise has settled, without letting its rejection go unhandled. */
export function track<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

/** The AppError a call is refused with; anything else (success included) fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    () => new Error('Expected a refusal, the call succeeded'),
    (error: unknown) => error,
  );
  if (outcome instanceof AppError) return outcome;
  throw outcome;
}
