import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { EMAIL_PATTERN, isWebUrl, SIGN_IN_EMAIL_PATTERN } from './validation.ts';

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

/**
 * A stored link (core `isWebUrl`), or empty for none: every URL a user saves goes through it, in
 * the studio's forms, the API and a story archive's import alike.
 */
export const webUrlSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => text === '' || isWebUrl(text), { error: MESSAGES.webUrlFormat });
