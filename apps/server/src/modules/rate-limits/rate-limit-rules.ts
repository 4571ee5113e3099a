import { formatMessage, MESSAGES } from '@plotline/core';

const MINUTE_MS = 60_000;

/** At most `max` counts per subject (an address, an email) within each window of `windowMs`. */
export interface RateLimitRule {
  /** Part of every counter's key, so limits never share a count. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Every rate limit of the API. Sign-up and forgot-password count each request; the mailed links
 * and sign-in count failed attempts only, so the people behind one office or school address who
 * use their own link or password are never refused because of each other.
 */
export const RATE_LIMITS = {
  /** Requests per address: a classroom signing up together passes, a script making accounts does not. */
  signUp: { name: 'sign-up', max: 50, windowMs: 15 * MINUTE_MS },
  /** Requests per address: a classroom that forgot passes, a script bombing inboxes does not. */
  forgotPassword: { name: 'forgot-password', max: 50, windowMs: 15 * MINUTE_MS },
  /**
   * Unknown, used or expired tokens sent from one address to the calls of mailed links (invitation,
   * password reset): enough for a person who clicks an old mail, too few to guess links.
   */
  linkFailures: { name: 'link-failures', max: 10, windowMs: 15 * MINUTE_MS },
  /** Wrong passwords or unknown emails for one email, from anywhere. */
  signInFailuresPerEmail: { name: 'sign-in-failures-email', max: 10, windowMs: 15 * MINUTE_MS },
  /** Wrong passwords or unknown emails from one address, whatever the email. */
  signInFailuresPerAddress: { name: 'sign-in-failures-address', max: 10, windowMs: 15 * MINUTE_MS },
  /**
   * The players' viewing-event batches per address: a player sends one every few seconds at most
   * and one on page hide, so this leaves room for a whole school while stopping a script from
   * filling the table.
   */
  viewEvents: { name: 'view-events', max: 120, windowMs: MINUTE_MS },
  /**
   * Resume tokens made per address (a viewer's "continue on another device"): a viewer asks for
   * one now and then, a classroom together passes, a script filling the table does not.
   */
  resumeSaves: { name: 'resume-saves', max: 60, windowMs: 15 * MINUTE_MS },
  /** Mobile app installs registering per address: as sign-up, a classroom passes, a script does not. */
  appViewers: { name: 'app-viewers', max: 50, windowMs: 15 * MINUTE_MS },
  /** The App API's viewing-event batches per address, as the web player's. */
  appViewEvents: { name: 'app-view-events', max: 120, windowMs: MINUTE_MS },
  /**
   * Addresses left on the coming-soon page per address: a team signing up from one office passes,
   * a script filling the operator's list does not.
   */
  newsSignUp: { name: 'news-sign-up', max: 20, windowMs: 15 * MINUTE_MS },
  /**
   * Sign-ins with an identity provider started per address: as sign-up, a classroom signing in
   * together passes, a script filling the table of sign-ins under way does not.
   */
  identitySignIns: { name: 'identity-sign-ins', max: 50, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, RateLimitRule>;

export function counterKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

/** The rule as the API document states it: "50 sign-ups per address within 15 minutes". */
export function describeRule(rule: RateLimitRule, counted: string): string {
  return `${rule.max} ${counted} within ${describeWait(rule.windowMs / 1000)}`;
}

/** The refusal of every limit but sign-in's: "Too many requests. Please try again in 15 minutes." */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return formatMessage(MESSAGES.tooManyRequests, { after: describeWait(retryAfterSeconds) });
}

export function tooManySignInsMessage(retryAfterSeconds: number): string {
  return formatMessage(MESSAGES.tooManyAttempts, { minutes: Math.ceil(retryAfterSeconds / 60) });
}

function describeWait(seconds: number): string {
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : [Math.round(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
