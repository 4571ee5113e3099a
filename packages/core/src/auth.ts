/** Sessions (spec §7): how long they last and the header that carries them. */

export const SESSION_HOURS = 12;
export const REMEMBERED_SESSION_DAYS = 30;

/** The header every authenticated call carries (spec §7). */
export const ACCESS_TOKEN_HEADER = 'x-access-token';
