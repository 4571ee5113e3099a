import {
  FORCE_MOBILE_PARAM,
  publishBlockers,
  slugSchema,
  suggestSlug,
  WATCH_PATH,
  watchUrl,
  type Project,
  type PublicationSettings,
  type PublishBlocker,
} from '@plotline/core';

/** Step 4's form: the video URL's slug, the two switches (spec §2, §3) and the embedding sites. */
export interface PublicationValues {
  slug: string;
  /** Published to the mobile app as well as the web (§9: web only by default). */
  app_channel_on: boolean;
  /** The player offers a share button. */
  shareable: boolean;
  /** The sites that may frame the player (origins), or `['*']` for any (issue 22). */
  embed_origins: string[];
}

type PublicationProject = Pick<
  Project,
  | 'movieId'
  | 'title'
  | 'thumbnailMobile'
  | 'thumbnailDesktop'
  | 'slug'
  | 'watch_url'
  | 'app_channel_on'
  | 'shareable'
  | 'embed_origins'
  | 'client_name'
>;

/** The form as the project stands; a project without a slug is offered one made from its title. */
export function publicationValues(project: PublicationProject): PublicationValues {
  return {
    slug: project.slug ?? suggestSlug(project.title),
    app_channel_on: project.app_channel_on === 1,
    shareable: project.shareable === 1,
    embed_origins: project.embed_origins,
  };
}

/**
 * What is wrong with a typed slug, in core's words (`slugSchema`), or null. An empty field is fine
 * while the project has no slug yet (it only keeps Publish disabled); a saved one cannot be cleared.
 */
export function slugProblem(slug: string, savedSlug: string | null): string | null {
  if (slug.trim() === '' && savedSlug === null) return null;
  const result = slugSchema.safeParse(slug);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The slug the form stands for: the typed one when it is valid, else none. */
function validSlug(values: PublicationValues, savedSlug: string | null): string | null {
  const slug = values.slug.trim();
  return slug !== '' && slugProblem(slug, savedSlug) === null ? slug : null;
}

const flag = (on: boolean) => (on ? 1 : 0);

/**
 * The body of step 4's Save (`POST /api/movie`): the project and only the fields that differ from
 * what is stored, so nothing saved elsewhere (step 3's primary language) is overwritten. Null when
 * nothing differs, or when the slug is not valid.
 */
export function publicationChanges(
  project: PublicationProject,
  values: PublicationValues,
): PublicationSettings | null {
  if (slugProblem(values.slug, project.slug) !== null) return null;
  const changes: Omit<PublicationSettings, 'movieId'> = {};
  const slug = validSlug(values, project.slug);
  if (slug !== null && slug !== project.slug) changes.slug = slug;
  if (flag(values.app_channel_on) !== project.app_channel_on) {
    changes.app_channel_on = flag(values.app_channel_on);
  }
  if (flag(values.shareable) !== project.shareable) changes.shareable = flag(values.shareable);
  if (values.embed_origins.join(' ') !== project.embed_origins.join(' ')) {
    changes.embed_origins = values.embed_origins;
  }
  return Object.keys(changes).length > 0 ? { movieId: project.movieId, ...changes } : null;
}

/**
 * Spec §5 for the project as the creator sees it: what Publish still needs, counting the typed
 * slug (Publish saves it first) when it is valid.
 */
export function publishNeeds(
  project: PublicationProject,
  values: PublicationValues,
): PublishBlocker[] {
  return publishBlockers({ ...project, slug: validSlug(values, project.slug) });
}

/**
 * Where viewers watch: the site of the server's `watch_url` once there is one (the public address
 * may be another host than the studio's), else the studio's own `origin`.
 */
export function watchSite(project: Pick<Project, 'watch_url'>, origin: string): string {
  if (!project.watch_url) return origin;
  try {
    return new URL(project.watch_url).origin;
  } catch {
    return origin;
  }
}

/**
 * The address shown and copied: the server's own while the typed slug is the saved one, else the
 * one the typed slug will have on the watch site; none without a valid slug. Either carries the
 * project's client as `?client_name=` (spec §2 step 4).
 */
export function shownWatchUrl(
  project: PublicationProject,
  values: PublicationValues,
  origin: string,
): string | null {
  const slug = validSlug(values, project.slug);
  if (slug === null) return null;
  if (slug === project.slug && project.watch_url) return project.watch_url;
  return watchUrl(watchSite(project, origin), slug, project.client_name);
}

/**
 * Where the preview frame points, on this site: the player playing the draft (signed-in members of
 * the company only), or the published project itself. The Mobile tab forces the phone layout.
 */
export function playerFrameUrl(
  project: Pick<Project, 'movieId' | 'status' | 'slug'>,
  device: 'mobile' | 'desktop',
): string {
  const path =
    project.status === 'published' && project.slug
      ? `${WATCH_PATH}/${encodeURIComponent(project.slug)}`
      : `${WATCH_PATH}/preview/${project.movieId}`;
  return device === 'mobile' ? `${path}?${FORCE_MOBILE_PARAM}=true` : path;
}
