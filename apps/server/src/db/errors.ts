import { MESSAGES } from '@plotline/core';
import { AppError } from '../errors.ts';
import { MOVIES_SERIES_EPISODE_UNIQUE, MOVIES_SLUG_UNIQUE } from './schema/index.ts';

/**
 * The unique-constraint violation (SQLSTATE 23505) behind a database error, however wrapped, with
 * the constraint it broke; null for any other error.
 */
function uniqueViolation(error: unknown): { constraint: string | undefined } | null {
  for (let current = error; current instanceof Error || isObject(current);) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return { constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * Runs work that may break the unique constraint `constraint` (or, without one, any unique
 * constraint), turning that violation into a 409 with `message`: the insert itself refuses a
 * duplicate, however many requests race, and a lookup before it is at most a courtesy.
 */
export async function refuseDuplicate<T>(
  refusal: { constraint?: string; message: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const violation = uniqueViolation(error);
    if (
      violation &&
      (refusal.constraint === undefined || violation.constraint === refusal.constraint)
    ) {
      throw new AppError(409, refusal.message);
    }
    throw error;
  }
}

/**
 * Runs work that inserts a user, turning the unique-email violation of a concurrent insert into the
 * 409 the earlier lookup would have given.
 */
export function refuseTakenEmail<T>(work: () => Promise<T>): Promise<T> {
  return refuseDuplicate({ message: MESSAGES.emailTaken }, work);
}

/** Runs work that saves an episode, turning a number taken meanwhile in its series into a 409. */
export function refuseTakenEpisode<T>(work: () => Promise<T>): Promise<T> {
  return refuseDuplicate(
    { constraint: MOVIES_SERIES_EPISODE_UNIQUE, message: MESSAGES.episodeTaken },
    work,
  );
}

/** Runs work that sets a project's slug, turning one another project took meanwhile into a 409. */
export function refuseTakenSlug<T>(work: () => Promise<T>): Promise<T> {
  return refuseDuplicate({ constraint: MOVIES_SLUG_UNIQUE, message: MESSAGES.slugTaken }, work);
}
