/**
 * Values of @plotline/core the page needs, restated: core's modules that hold them import zod,
 * which the page must not carry (its JavaScript stays under 150 KB gzipped). core-values.test.ts
 * holds each equal to core's. Types come from core itself (`import type` costs nothing).
 */

/** core WATCH_PATH: the player's address is `/watch/{slug}`, a preview's `/watch/preview/{id}`. */
export const WATCH_PATH = '/watch';
/** core FORCE_MOBILE_PARAM: `?forceMobile=true` forces the phone layout. */
export const FORCE_MOBILE_PARAM = 'forceMobile';
/** core ACCESS_TOKEN_HEADER: the studio's session header, for a preview's data. */
export const ACCESS_TOKEN_HEADER = 'x-access-token';
/** core VIEW_EVENTS_MAX_PER_BATCH and VIEW_EVENTS_MAX_BYTES: bigger batches are refused. */
export const VIEW_EVENTS_MAX_PER_BATCH = 100;
export const VIEW_EVENTS_MAX_BYTES = 16_384;
/** What core's viewEventsSchema takes as a viewing's session id. */
export const VIEW_SESSION_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
