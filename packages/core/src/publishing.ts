import type { StoryState } from './story-logic.ts';
/**
 * Step 4 and the player: a project's address and slug, what publishing needs, and the rules of the
 * viewing events the player sends back. Server, studio and player all read these; the calls'
 * schemas (publication settings, the player's data, the events) are `publishing.schema.ts`'s.
 */

/** The player's address: `{PUBLIC_URL}/watch/{slug}`. */
export const WATCH_PATH = '/watch';
/** §2 step 4: the Mobile preview adds this to the address, forcing the phone layout. */
export const FORCE_MOBILE_PARAM = 'forceMobile';

/**
 * A preview's `?state=`: the viewing state (core `StoryState`) the player starts from, which the
 * studio's "Play every path" writes. Its JSON, UTF-8, in base64url without padding.
 */
export const PREVIEW_STATE_PARAM = 'state';

export function encodeStateParam(state: StoryState): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(state))) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What a `?state=` carries, unchecked (the player checks it against its story); null when it is not base64url JSON. */
export function decodeStateParam(param: string): unknown {
  try {
    const binary = atob(param.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))),
    );
  } catch {
    return null;
  }
}
/** §2 step 4: the preview address names the client when the project has one. */
export const CLIENT_NAME_PARAM = 'client_name';

export const SLUG_MAX_LENGTH = 80;
/** Lowercase letters and digits in groups joined by single dashes: `the-fork-2`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug a title suggests: accents dropped, anything but letters and digits turned into single
 * dashes, cut to the limit at a dash where it can be. A title with no Latin letter or digit (Arabic,
 * Chinese) suggests nothing: the creator types one.
 */
export function suggestSlug(title: string): string {
  const plain = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (plain.length <= SLUG_MAX_LENGTH) return plain;
  const cut = plain.slice(0, SLUG_MAX_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 0 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}

/** The player's address of a project, as step 4 shows it and publishing answers it. */
export function watchUrl(publicUrl: string, slug: string, clientName?: string | null): string {
  const url = new URL(`${WATCH_PATH}/${encodeURIComponent(slug)}`, publicUrl);
  if (clientName) url.searchParams.set(CLIENT_NAME_PARAM, clientName);
  return url.toString();
}

export type PublishBlocker = 'title' | 'thumbnailMobile' | 'thumbnailDesktop' | 'slug';

/** §5: Publish stays disabled while the title, a thumbnail or the slug is missing. */
export function publishBlockers(project: {
  title: string;
  thumbnailMobile: string | null;
  thumbnailDesktop: string | null;
  slug: string | null;
}): PublishBlocker[] {
  const blockers: PublishBlocker[] = [];
  if (!project.title.trim()) blockers.push('title');
  if (!project.thumbnailMobile) blockers.push('thumbnailMobile');
  if (!project.thumbnailDesktop) blockers.push('thumbnailDesktop');
  if (!project.slug) blockers.push('slug');
  return blockers;
}

/** What the player reports; `node` carries the plot node, `choice` the option taken. */
export const VIEW_EVENT_TYPES = ['start', 'node', 'choice', 'ending', 'watched'] as const;
export type ViewEventType = (typeof VIEW_EVENT_TYPES)[number];

/** Limits of one batch: the player sends often, so a batch is small; bigger ones are refused. */
export const VIEW_EVENTS_MAX_PER_BATCH = 100;
export const VIEW_EVENTS_MAX_BYTES = 16_384;

/**
 * What each event type must carry, so every stored event can be counted: `node` and `ending` the
 * plot node reached, `choice` the node whose options were shown (`node_id`) and the one taken
 * (`option_id`), `watched` its seconds.
 */
export const VIEW_EVENT_NEEDS: Record<
  ViewEventType,
  readonly ('node_id' | 'option_id' | 'seconds')[]
> = {
  start: [],
  node: ['node_id'],
  choice: ['node_id', 'option_id'],
  ending: ['node_id'],
  watched: ['seconds'],
};

/**
 * Who took a `choice`: the viewer, the timer of a timed choice (its default), an automatic branch,
 * or the page that embeds the player (its `choose` call). Events without it are the viewer's.
 */
export const CHOICE_TAKERS = ['viewer', 'timer', 'auto', 'host'] as const;
export type ChoiceTaker = (typeof CHOICE_TAKERS)[number];

/** How long the server keeps a resume token's state. */
export const RESUME_DAYS = 30;
/** A resume token as links carry it: 32 URL-safe characters, random. */
export const RESUME_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** The largest state a resume token keeps, in bytes of JSON. */
export const RESUME_STATE_MAX_BYTES = 16_384;

/** A viewing's session id, made by the page: 16 to 64 URL-safe characters. */
export const VIEW_SESSION_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
