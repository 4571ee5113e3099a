import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import { counterKey, tooManyRequestsMessage, type RateLimitRule } from './rate-limit-rules.ts';
import type { RateLimitsRepository } from './rate-limits.repository.ts';

/** How often a process deletes the counters of ended windows: rarely enough to cost nothing. */
const SWEEP_INTERVAL_MS = 60_000;

export interface Count {
  count: number;
  retryAfterSeconds: number;
}

/** An attempt counted against its limits until it proves not to be a failure. */
export interface CountedAttempt {
  /** The attempt succeeded, so it no longer counts. */
  succeeded(): Promise<void>;
}

/** Counting for the rate limits of RATE_LIMITS, in the database every API process shares. */
export function createRateLimitsService(deps: {
  counters: Pick<RateLimitsRepository, 'increment' | 'decrement' | 'deleteEnded'>;
  clock: Clock;
}) {
  const { counters, clock } = deps;
  let nextSweepAt = 0;

  async function count(key: string, windowMs: number) {
    const now = clock.now();
    const counter = await counters.increment(key, now, windowMs);
    if (now.getTime() >= nextSweepAt) {
      nextSweepAt = now.getTime() + SWEEP_INTERVAL_MS;
      await counters.deleteEnded(now);
    }
    const retryAfterMs = counter.resetsAt.getTime() - now.getTime();
    return { ...counter, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  return {
    /** Counts a request under a key (the HTTP layer builds it from the rule and the address). */
    count: (key: string, windowMs: number): Promise<Count> => count(key, windowMs),

    /**
     * Counts an attempt against each limit with its subject, before it is tried: counting first
     * means that attempts sent all at once cannot slip past the limit together. When one limit is
     * used up the attempt is refused with 429 and counts nowhere; otherwise it counts as a failure
     * unless `succeeded()` is called.
     */
    async countAttempt(
      limits: ReadonlyArray<readonly [RateLimitRule, string]>,
      refusal: (retryAfterSeconds: number) => string = tooManyRequestsMessage,
    ): Promise<CountedAttempt> {
      const counted = await Promise.all(
        limits.map(async ([rule, subject]) => {
          const key = counterKey(rule, subject);
          return { key, max: rule.max, ...(await count(key, rule.windowMs)) };
        }),
      );
      const takeBack = async () => {
        await Promise.all(counted.map(({ key, resetsAt }) => counters.decrement(key, resetsAt)));
      };
      const usedUp = counted.filter(({ count, max }) => count > max);
      if (usedUp.length > 0) {
        await takeBack();
        const retryAfterSeconds = Math.max(...usedUp.map((limit) => limit.retryAfterSeconds));
        throw new AppError(429, refusal(retryAfterSeconds), { retryAfterSeconds });
      }
      return { succeeded: takeBack };
    },
  };
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;
