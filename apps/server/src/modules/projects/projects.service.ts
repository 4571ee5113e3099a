import {
  BANNER_KINDS,
  bannerImageViews,
  canSetProjectClient,
  type ClientListEntry,
  type ClientListQuery,
  CONTENT_LANGUAGES,
  MESSAGES,
  PROJECT_TYPE,
  type artworkDeleteSchema,
  type BannerKind,
  type bannerSettingsSchema,
  type Project,
  type ProjectInfo,
  type ProjectSave,
  watchUrl,
} from '@plotline/core';
import type { z } from 'zod';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Executor } from '../../db/database.ts';
import { refuseTakenEpisode, refuseTakenSlug } from '../../db/errors.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import { linearCutsFolder, removeContentFiles } from '../content/content-files.ts';
import { toStatusView } from '../content/content-status.ts';
import type {
  DeletedContent,
  MovieContentsRepository,
} from '../content/movie-contents.repository.ts';
import type { SeriesRepository } from '../series/series.repository.ts';
import { seriesViews } from '../series/series-views.ts';
import { lockProjectForChange, projectForCaller } from '../../access/project-access.ts';
import type {
  BannerImageRecord,
  BannerSettingsValues,
  ProjectInfoValues,
  ProjectsRepository,
  PublicationSettingsValues,
  ThumbnailField,
} from './projects.repository.ts';

export type ArtworkDelete = z.output<typeof artworkDeleteSchema>;
export type BannerSettings = z.output<typeof bannerSettingsSchema>;
/**
 * What `POST /api/movie` did: the project, whether it made it, and the client it set (null: took
 * away) when that changed.
 */
export type SavedProject = { movieId: number; created: boolean; client?: string | null };
/** A deleted draft: its id for the reply, its title and company for the activity log. */
export type DeletedProject = { movieId: number; title: string; companyId: number };

const ARTWORK_FIELDS: [keyof ArtworkDelete, ThumbnailField][] = [
  ['thumbnail_mobile', 'thumbnailMobile'],
  ['thumbnail_desktop', 'thumbnailDesktop'],
];

/** How many clients step 1's client field is offered at once. */
const CLIENT_LIST_LIMIT = 20;

/** Step 1 as stored: a single project names no series, an episode its series and number. */
function infoValues(info: ProjectInfo): ProjectInfoValues {
  const episode = info.type === PROJECT_TYPE.episode;
  return {
    type: info.type,
    title: info.title,
    synopsis: info.synopsis,
    tags: info.tags,
    viewMode: info.view_mode,
    seriesId: episode ? info.movieIdParent! : null,
    episodeNumber: episode ? info.episodeNumber! : null,
  };
}

/** The banner's button and target as stored; a field not sent stays undefined, and so unchanged. */
function bannerSettingsValues(banner: ProjectSave['banner']): Partial<BannerSettingsValues> {
  return {
    buttonText: banner.button_text,
    buttonColor: banner.button_color,
    buttonTextColor: banner.button_text_color,
    bannerUrl: banner.url,
  };
}

/** The project's current banner image of each kind; should two of a kind ever meet, the newest. */
export function currentBannerImages(
  images: readonly BannerImageRecord[],
): Record<BannerKind, BannerImageRecord | null> {
  return Object.fromEntries(
    BANNER_KINDS.map((kind) => [
      kind,
      images.filter((image) => image.kind === kind).at(-1) ?? null,
    ]),
  ) as Record<BannerKind, BannerImageRecord | null>;
}

/** The wire's 0/1 switches as stored; a field not sent stays undefined, and so unchanged. */
function settingsValues(settings: ProjectSave['settings']): PublicationSettingsValues {
  const flag = (value: 0 | 1 | undefined) => (value === undefined ? undefined : value === 1);
  return {
    slug: settings.slug,
    appChannelOn: flag(settings.app_channel_on),
    shareable: flag(settings.shareable),
    embedOrigins: settings.embed_origins,
    primaryLanguageId: settings.primaryLanguageId,
  };
}

export function createProjectsService(deps: {
  projects: Pick<
    ProjectsRepository,
    | 'findMovie'
    | 'lockMovie'
    | 'insertProject'
    | 'updateProjectInfo'
    | 'setPublicationSettings'
    | 'setBannerSettings'
    | 'setThumbnail'
    | 'listBannerImages'
    | 'deleteBannerImages'
    | 'deleteMovie'
    | 'findClient'
    | 'findOrAddClient'
    | 'listClients'
    | 'setClient'
  >;
  series: Pick<SeriesRepository, 'findSeries' | 'listEpisodeNumbers'>;
  contents: Pick<MovieContentsRepository, 'listContents' | 'listLanguages' | 'deleteContent'>;
  blobs: BlobStore;
  clock: Clock;
  transaction: RunInTransaction;
  /** Where viewers reach the player: the base of `watch_url`. */
  publicUrl: string;
}) {
  const { projects, series, contents, blobs, clock, transaction, publicUrl } = deps;

  /** An episode's series must be its project's company's. */
  async function checkSeries(companyId: number, seriesId: number | null, tx: Executor) {
    if (seriesId === null) return;
    const found = await series.findSeries(seriesId, tx);
    if (!found || found.companyId !== companyId) throw new AppError(404, MESSAGES.seriesNotFound);
  }

  const urlOf = (key: string | null) => (key ? blobs.publicUrl(key) : null);

  /**
   * Step 1's client, when sent: found among the project's company's clients by name, or added to
   * them; null takes it away. Sending the client the project has changes nothing and is anyone's
   * to do; a change is `canSetProjectClient`'s only. Answers the client set, when it changed.
   */
  async function saveClient(
    caller: AuthContext,
    movie: { id: number; companyId: number; clientId: number | null },
    name: string | null | undefined,
    at: Date,
    tx: Executor,
  ): Promise<Pick<SavedProject, 'client'>> {
    if (name === undefined) return {};
    const current = movie.clientId === null ? null : await projects.findClient(movie.clientId, tx);
    if ((current?.name ?? null) === name) return {};
    if (!canSetProjectClient(caller)) throw new AppError(403, MESSAGES.clientNeedsAdministrator);
    const clientId =
      name === null ? null : await projects.findOrAddClient(movie.companyId, name, at, tx);
    await projects.setClient(movie.id, clientId, at, tx);
    return { client: name };
  }

  /** Step 1, when sent: a new project, or the given one locked and updated; else the project locked. */
  async function saveInfo(
    caller: AuthContext,
    form: ProjectSave,
    at: Date,
    tx: Executor,
  ): Promise<SavedProject> {
    if (form.info === undefined) {
      // The schema requires movieId without step 1's info.
      const movie = await lockProjectForChange(projects, caller, form.movieId!, tx);
      return { movieId: movie.id, created: false };
    }
    const values = infoValues(form.info);
    if (form.movieId === undefined) {
      const companyId = caller.companyId;
      if (companyId === null) throw new AppError(400, MESSAGES.projectNeedsCompany);
      await checkSeries(companyId, values.seriesId, tx);
      const movieId = await projects.insertProject(
        { ...values, companyId, createdBy: caller.userId },
        at,
        tx,
      );
      const client = await saveClient(
        caller,
        { id: movieId, companyId, clientId: null },
        form.info.client_name,
        at,
        tx,
      );
      return { movieId, created: true, ...client };
    }
    const movie = await lockProjectForChange(projects, caller, form.movieId, tx);
    await checkSeries(movie.companyId, values.seriesId, tx);
    await projects.updateProjectInfo(movie.id, values, at, tx);
    const client = await saveClient(caller, movie, form.info.client_name, at, tx);
    return { movieId: movie.id, created: false, ...client };
  }

  /**
   * Step 4's settings and step 3's primary language, of which only the fields sent change. The
   * primary language must be one the project's clips and bridges have.
   */
  async function saveSettings(
    movieId: number,
    settings: ProjectSave['settings'],
    at: Date,
    tx: Executor,
  ) {
    if (Object.keys(settings).length === 0) return;
    const languageId = settings.primaryLanguageId;
    if (languageId !== undefined && languageId !== null) {
      const items = await contents.listContents(movieId, tx);
      const languages = await contents.listLanguages(
        items.map((item) => item.id),
        tx,
      );
      if (!languages.some((language) => language.languageId === languageId)) {
        throw new AppError(400, MESSAGES.languageNotUsed);
      }
    }
    await projects.setPublicationSettings(movieId, settingsValues(settings), at, tx);
  }

  return {
    /**
     * `POST /api/movie`: whatever part of the form data was sent, in one transaction, so a refusal
     * of any part (a taken episode number or slug, an unused primary language) leaves nothing
     * changed. With step 1's info it creates a project of the caller's company (no movieId) or
     * updates the given one; then the publication settings and the banner's button and target, of
     * which only the fields sent change. Taken episode numbers and slugs are refused by the
     * database's unique constraints, so racing saves get one 409.
     */
    async save(caller: AuthContext, form: ProjectSave): Promise<SavedProject> {
      const at = clock.now();
      return refuseTakenSlug(() =>
        refuseTakenEpisode(() =>
          transaction(async (tx) => {
            const saved = await saveInfo(caller, form, at, tx);
            await saveSettings(saved.movieId, form.settings, at, tx);
            if (Object.keys(form.banner).length > 0) {
              await projects.setBannerSettings(
                saved.movieId,
                bannerSettingsValues(form.banner),
                at,
                tx,
              );
            }
            return saved;
          }),
        ),
      );
    },

    /** The whole form data of a project (spec §3). */
    async detail(caller: AuthContext, movieId: number): Promise<Project> {
      const movie = await projectForCaller(projects, caller, movieId, { change: false });
      const items = await contents.listContents(movie.id);
      const languages = await contents.listLanguages(items.map((item) => item.id));
      const movieContent = items.map((item) => toStatusView(item, languages, blobs));
      const used = new Set(movieContent.flatMap((item) => item.lang.map((l) => l.language_id)));
      const parent = movie.seriesId === null ? null : await series.findSeries(movie.seriesId);
      const [seriesView] = parent ? await seriesViews(series, [parent]) : [];
      const images = currentBannerImages(await projects.listBannerImages(movie.id));
      const client = movie.clientId === null ? null : await projects.findClient(movie.clientId);
      const bannerOf = (kind: BannerKind) => ({
        url: urlOf(images[kind]?.imageKey ?? null),
        mediaId: images[kind]?.id ?? null,
      });
      return {
        movieId: movie.id,
        type: movie.type,
        status: movie.status,
        title: movie.title,
        synopsis: movie.synopsis,
        tags: movie.tags,
        view_mode: movie.viewMode,
        thumbnailMobile: urlOf(movie.thumbnailMobile),
        thumbnailDesktop: urlOf(movie.thumbnailDesktop),
        movieIdParent: movie.seriesId,
        series: seriesView ?? null,
        episodeNumber: movie.episodeNumber,
        movieContent,
        language: CONTENT_LANGUAGES.filter((language) => used.has(language.language_id)).map(
          (language) => ({ language_id: language.language_id, name: language.name }),
        ),
        button_text: movie.buttonText,
        button_color: movie.buttonColor,
        button_text_color: movie.buttonTextColor,
        url: movie.bannerUrl,
        client_id: client?.id ?? null,
        client_name: client?.name ?? null,
        slug: movie.slug,
        watch_url: movie.slug === null ? null : watchUrl(publicUrl, movie.slug, client?.name),
        app_channel_on: movie.appChannelOn ? 1 : 0,
        shareable: movie.shareable ? 1 : 0,
        embed_origins: movie.embedOrigins,
        primaryLanguageId: movie.primaryLanguageId,
        published_at: movie.publishedAt?.toISOString() ?? null,
        paths_confirmed_version: movie.pathsConfirmedVersion,
        ...bannerImageViews(
          Object.fromEntries(
            BANNER_KINDS.map((kind) => [kind, bannerOf(kind)]),
          ) as Project['banners'],
        ),
      };
    },

    /**
     * Step 1's client field: the clients of the project's company (`movieId`, which the caller must
     * reach), else of the caller's; staff without a company and no project get none.
     */
    async clients(caller: AuthContext, query: ClientListQuery): Promise<ClientListEntry[]> {
      const companyId =
        query.movieId === undefined
          ? caller.companyId
          : (await projectForCaller(projects, caller, query.movieId, { change: false })).companyId;
      if (companyId === null) return [];
      const found = await projects.listClients(companyId, query.search, CLIENT_LIST_LIMIT);
      return found.map((client) => ({ client_id: client.id, name: client.name }));
    },

    /**
     * Deletes a draft with everything stored for it: its rows, its artwork and banner images, and
     * each clip's and bridge's source, renditions, poster and subtitles. A published project is
     * refused (publishing is final). A transcode of one of its items under way finds its row gone:
     * its writes land nowhere and it throws its output away.
     */
    async deleteDraft(caller: AuthContext, movieId: number): Promise<DeletedProject> {
      const removed = await transaction(async (tx) => {
        const movie = await lockProjectForChange(projects, caller, movieId, tx);
        const items: DeletedContent[] = [];
        for (const item of await contents.listContents(movieId, tx)) {
          const deleted = await contents.deleteContent(item.id, movieId, tx);
          if (deleted) items.push(deleted);
        }
        return { movie, items, images: await projects.deleteMovie(movieId, tx) };
      });
      await Promise.all([
        ...removed.items.map((item) => removeContentFiles(blobs, item)),
        ...removed.images.map((key) => blobs.delete(key)),
        // Its linear cuts' rows went with the project (their key cascades); their files are here.
        blobs.deletePrefix(linearCutsFolder(movieId)),
      ]);
      return { movieId, title: removed.movie.title, companyId: removed.movie.companyId };
    },

    /** Removes the thumbnails the request names (present and null), files included. */
    async deleteArtwork(caller: AuthContext, request: ArtworkDelete): Promise<{ movieId: number }> {
      const fields = ARTWORK_FIELDS.filter(([wire]) => wire in request).map(([, field]) => field);
      const removed = await transaction(async (tx) => {
        await lockProjectForChange(projects, caller, request.movie_id, tx);
        const keys: string[] = [];
        for (const field of fields) {
          const key = await projects.setThumbnail(request.movie_id, field, null, clock.now(), tx);
          if (key) keys.push(key);
        }
        return keys;
      });
      await Promise.all(removed.map((key) => blobs.delete(key)));
      return { movieId: request.movie_id };
    },

    /** The banner's button text and colours and its target URL. */
    async saveBannerSettings(
      caller: AuthContext,
      settings: BannerSettings,
    ): Promise<BannerSettings> {
      await transaction(async (tx) => {
        await lockProjectForChange(projects, caller, settings.movie_id, tx);
        await projects.setBannerSettings(
          settings.movie_id,
          {
            buttonText: settings.button_text,
            buttonColor: settings.button_color,
            buttonTextColor: settings.button_text_color,
            bannerUrl: settings.url,
          },
          clock.now(),
          tx,
        );
      });
      return settings;
    },

    /** Removes the project's banner image of one kind, file included. */
    async deleteBannerImage(
      caller: AuthContext,
      movieId: number,
      kind: BannerKind,
    ): Promise<{ movieId: number; kind: BannerKind }> {
      const removed = await transaction(async (tx) => {
        await lockProjectForChange(projects, caller, movieId, tx);
        const keys = await projects.deleteBannerImages(movieId, kind, tx);
        if (keys.length === 0) throw new AppError(404, MESSAGES.bannerImageNotFound);
        return keys;
      });
      await Promise.all(removed.map((key) => blobs.delete(key)));
      return { movieId, kind };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
