import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The spec's basic address pattern: local part, @, domain, a top-level part of 2 to 4 letters,
 * case-insensitive. An empty value passes it; emptiness is the `Required` rule's business.
 */
export const EMAIL_PATTERN = /^$|^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Sign-in only looks an existing account up, so it takes any top-level part of two letters or more:
 * the default root address admin@plotline.local must be able to sign in (docs/decisions/0001).
 */
export const SIGN_IN_EMAIL_PATTERN = /^$|^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** Required, then the address pattern; surrounding spaces are not part of an address. */
function emailField(pattern: RegExp) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .regex(pattern, { error: MESSAGES.invalidEmail });
}

/** An address entered into the system (registration, invitations, profiles). */
export const emailSchema = emailField(EMAIL_PATTERN);
/** The email typed at sign-in. */
export const signInEmailSchema = emailField(SIGN_IN_EMAIL_PATTERN);

export const requiredString = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required });
