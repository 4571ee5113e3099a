import { MESSAGES } from '@plotline/core';
import { AppError } from '../errors.ts';

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), however wrapped. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error || isObject(current);) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * Runs work that inserts a user, turning the unique-email violation of a concurrent insert into the
 * 409 the earlier lookup would have given.
 */
export async function refuseTakenEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, MESSAGES.emailTaken);
    throw error;
  }
}
