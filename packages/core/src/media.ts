/** §5, §9: the most one upload (one request, or one selection in the widget) may carry. */
export const UPLOAD_LIMIT_BYTES = 1_000_000_000;

/** The multipart part every upload call reads its files from (§7). */
export const UPLOAD_PART = 'uploads';

/** §9: content types of a movie content. */
export const CONTENT_TYPE = { clip: 1, bridge: 2 } as const;
export type ContentType = (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];

/** §9: project types. */
export const PROJECT_TYPE = { single: 1, episode: 2 } as const;
export type ProjectType = (typeof PROJECT_TYPE)[keyof typeof PROJECT_TYPE];

export const VIEW_MODES = ['vertical', 'horizontal'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** §9: banner image kinds, with the sizes §5 recommends. */
export const BANNER_KINDS = ['vertical_regular', 'horizontal', 'vertical_long'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];
export const BANNER_SIZES: Record<BannerKind, { width: number; height: number }> = {
  vertical_regular: { width: 656, height: 896 },
  horizontal: { width: 1029, height: 270 },
  vertical_long: { width: 1029, height: 1692 },
};

/**
 * Where a clip or bridge is on its way to a stream:
 * - `queued`: stored and waiting for a worker (also between retries of a transient failure);
 * - `processing`: being encoded, `progress` in percent;
 * - `playable`: a first, small rendition plays while the full ladder is encoded;
 * - `ready`: the full ladder and the thumbnail are in place;
 * - `failed`: `transcoder_log` says why; a retry queues it again.
 */
export const TRANSCODE_STATUSES = ['queued', 'processing', 'playable', 'ready', 'failed'] as const;
export type TranscodeStatus = (typeof TRANSCODE_STATUSES)[number];

/** The three looks §4 gives an item: ready grey, failed red with retry, otherwise processing blue. */
export type TranscodeLook = 'ready' | 'failed' | 'processing';

/**
 * §4's rule: a thumbnail means ready; no thumbnail but a transcoder log means failed; anything else
 * is still processing. The server sets the thumbnail only when the ladder is complete and the log
 * only on a final failure, so the rule and `status` always agree.
 */
export function transcodeLook(item: {
  thumbnail: string | null;
  transcoder_log: string | null;
}): TranscodeLook {
  if (item.thumbnail) return 'ready';
  if (item.transcoder_log) return 'failed';
  return 'processing';
}

/** Languages captions and subtitles can be written in; ids are stable, names are in English. */
export const CONTENT_LANGUAGES = [
  { language_id: 1, code: 'en', name: 'English' },
  { language_id: 2, code: 'id', name: 'Indonesian' },
  { language_id: 3, code: 'de', name: 'German' },
  { language_id: 4, code: 'es', name: 'Spanish' },
  { language_id: 5, code: 'zh', name: 'Chinese' },
  { language_id: 6, code: 'ar', name: 'Arabic' },
  { language_id: 7, code: 'fr', name: 'French' },
  { language_id: 8, code: 'pt', name: 'Portuguese' },
  { language_id: 9, code: 'ja', name: 'Japanese' },
  { language_id: 10, code: 'ko', name: 'Korean' },
] as const;
/** §3: "a default language is identified by a constant". */
export const DEFAULT_LANGUAGE_ID = 1;
export const isLanguageId = (id: number) =>
  CONTENT_LANGUAGES.some((lang) => lang.language_id === id);

/** Upload metadata the studio sends with a resumable (tus) video upload: the multipart call's fields. */
export const TUS_UPLOAD_PATH = '/api/v1.5/upload/tus';
/**
 * How long an unfinished tus upload is kept, from its creation, to be resumed: past a night's sleep
 * or a weekend away from the laptop, yet bounded, since each holds up to 1 GB. The studio forgets
 * its own note of an upload after the same time.
 */
export const TUS_UPLOAD_EXPIRY_MS = 3 * 24 * 3600 * 1000;

/** Jobs of the queue: a discriminated union, handled by an exhaustive map on the server. */
export type MediaJob =
  | {
      kind: 'transcode';
      movieContentId: number;
      /** The content's attempt the job was queued for; a job of an older attempt is stale and ignored. */
      attempt: number;
    }
  /** Renders a linear cut (`linear-cut.ts`) into one MP4. */
  | { kind: 'linear-cut'; linearCutId: number };
