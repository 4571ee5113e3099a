import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The spec's basic address pattern: local part, @, domain, a top-level part of 2 to 4 letters,
 * case-insensitive. An empty value passes it; emptiness is the `Required` rule's business.
 */
export const EMAIL_PATTERN = /^$|^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

export const PASSWORD_MIN_LENGTH = 8;

/** Required, then the address pattern; surrounding spaces are not part of an address. */
export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .regex(EMAIL_PATTERN, { error: MESSAGES.invalidEmail });

export const requiredString = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required });
