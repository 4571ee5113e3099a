import {
  BANNER_KINDS,
  CONTENT_LANGUAGES,
  isWebUrl,
  MESSAGES,
  plotInTreeOrder,
  type BannerKind,
  type PlotNode,
  type ViewEvents,
  type WatchData,
} from '@plotline/core';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { MovieContentsRepository } from '../content/movie-contents.repository.ts';
import type { PlotRepository } from '../plot/plot.repository.ts';
import { toNode } from '../plot/plot.service.ts';
import { projectForCaller } from '../../access/project-access.ts';
import type { MovieRecord, ProjectsRepository } from '../projects/projects.repository.ts';
import { currentBannerImages } from '../projects/projects.service.ts';
import type { NewViewEvent, WatchRepository } from './watch.repository.ts';

/** Each published plot the events were checked against, by project: id → parent id. */
const PLOTS_KEPT = 1000;

export function createWatchService(deps: {
  projects: Pick<ProjectsRepository, 'findMovie' | 'findPublishedBySlug' | 'listBannerImages'>;
  contents: Pick<MovieContentsRepository, 'listContents' | 'listLanguages'>;
  plots: Pick<PlotRepository, 'listPlots' | 'storyVariables'>;
  views: WatchRepository;
  blobs: Pick<BlobStore, 'publicUrl'>;
  clock: Clock;
}) {
  const { projects, contents, plots, views, blobs, clock } = deps;
  // Publishing is final, so a published plot read once stays true for good: the busiest projects'
  // events are checked without reading their plot each time. By project id; oldest first out when full.
  const publishedPlots = new Map<number, Map<number, number | null>>();

  const urlOf = (key: string | null) => (key ? blobs.publicUrl(key) : null);

  async function publishedProject(slug: string): Promise<MovieRecord> {
    const movie = await projects.findPublishedBySlug(slug);
    // A draft's address answers as an unknown one: drafts are not to be found from outside.
    if (!movie) throw new AppError(404, MESSAGES.watchNotFound);
    return movie;
  }

  /**
   * What the player needs of a project and nothing more: no company, no user, no file name, no
   * source. Only the clips and bridges of the plot are shown, and in a preview the plot stops
   * before an item that cannot play yet (a published plot's items are all transcoded): a default
   * or a link to a node it leaves out is left out too.
   */
  async function watchData(movie: MovieRecord, preview: boolean): Promise<WatchData> {
    const items = await contents.listContents(movie.id);
    const playable = new Map(
      items.filter((item) => item.hlsKey !== null).map((item) => [item.id, item]),
    );
    const plot: PlotNode[] = [];
    const shown = new Set<number>();
    // Tree order: a parent is decided before its children.
    for (const node of plotInTreeOrder((await plots.listPlots(movie.id)).map(toNode))) {
      const reachable = node.parent_id === null || shown.has(node.parent_id);
      if (reachable && playable.has(node.movie_content_id!)) {
        shown.add(node.movie_plot_id);
        plot.push(node);
      }
    }
    const shownOrNull = (id: number | null) => (id !== null && shown.has(id) ? id : null);
    const used = new Set(plot.map((node) => node.movie_content_id!));
    const shownItems = items.filter((item) => used.has(item.id));
    const languages = (await contents.listLanguages(shownItems.map((item) => item.id))).filter(
      (language) => CONTENT_LANGUAGES.some((known) => known.language_id === language.languageId),
    );
    const languageIds = new Set(languages.map((language) => language.languageId));
    const images = currentBannerImages(await projects.listBannerImages(movie.id));
    return {
      slug: movie.slug,
      title: movie.title,
      synopsis: movie.synopsis,
      view_mode: movie.viewMode,
      shareable: movie.shareable,
      primary_language_id:
        movie.primaryLanguageId !== null && languageIds.has(movie.primaryLanguageId)
          ? movie.primaryLanguageId
          : null,
      languages: CONTENT_LANGUAGES.filter((language) => languageIds.has(language.language_id)).map(
        ({ language_id, code, name }) => ({ language_id, code, name }),
      ),
      banner: {
        images: Object.fromEntries(
          BANNER_KINDS.map((kind) => [kind, urlOf(images[kind]?.imageKey ?? null)]),
        ) as Record<BannerKind, string | null>,
        button_text: movie.buttonText,
        button_color: movie.buttonColor,
        button_text_color: movie.buttonTextColor,
        // A link stored before links had to be web links is not handed to the player.
        url: isWebUrl(movie.bannerUrl) ? movie.bannerUrl : '',
      },
      items: shownItems.map((item) => {
        const own = languages.filter((language) => language.movieContentId === item.id);
        return {
          movie_content_id: item.id,
          type: item.type,
          duration:
            item.durationSeconds === null ? null : Math.round(item.durationSeconds * 100) / 100,
          hls_url: blobs.publicUrl(item.hlsKey!),
          poster: item.status === 'ready' ? urlOf(item.thumbnailKey) : null,
          captions: Object.fromEntries(
            own.map((language) => [String(language.languageId), language.caption]),
          ),
          subtitles: own.flatMap((language) =>
            language.subtitleVttKey
              ? [
                  {
                    language_id: language.languageId,
                    url: blobs.publicUrl(language.subtitleVttKey),
                  },
                ]
              : [],
          ),
        };
      }),
      plot: plot.map((node) => ({
        id: node.movie_plot_id,
        movie_content_id: node.movie_content_id!,
        parent_id: node.parent_id,
        banners: node.banner,
        condition: node.condition,
        effects: node.effects,
        branch: node.branch,
        decision_seconds: node.decision_seconds,
        default_option_id: shownOrNull(node.default_option_id),
        goto_id: shownOrNull(node.goto_id),
      })),
      variables: await plots.storyVariables(movie.id),
      preview,
    };
  }

  /**
   * The published plot at an address, as events are checked against it. The project is looked up
   * each time, since its company may be disabled (and enabled) at any time; only its plot is kept.
   */
  async function publishedPlot(slug: string) {
    const movie = await publishedProject(slug);
    let parentOf = publishedPlots.get(movie.id);
    if (!parentOf) {
      parentOf = new Map(
        (await plots.listPlots(movie.id)).map((node) => [node.id, node.parentId] as const),
      );
      if (publishedPlots.size >= PLOTS_KEPT) {
        publishedPlots.delete(publishedPlots.keys().next().value!);
      }
      publishedPlots.set(movie.id, parentOf);
    }
    return { movieId: movie.id, appChannelOn: movie.appChannelOn, parentOf };
  }

  /**
   * A batch of a published project's viewing events checked and made into `view_events` rows, for
   * this player's call and the App API's alike. A node must be one of its plot, a choice's option
   * must follow the node it was offered at (whoever took it: viewer, timer or automatic branch),
   * and only a choice says who took it: a batch with anything else did not come from this
   * project's player, and is refused whole (400). `appChannel`: the project must also be on
   * the mobile app's channel (404 as an unknown address otherwise).
   */
  async function checkedEvents(
    slug: string,
    batch: ViewEvents,
    receivedAt: Date,
    options: { appChannel: boolean },
  ): Promise<{ movieId: number; rows: NewViewEvent[] }> {
    const { movieId, appChannelOn, parentOf } = await publishedPlot(slug);
    if (options.appChannel && !appChannelOn) throw new AppError(404, MESSAGES.watchNotFound);
    for (const event of batch.events) {
      const knownNode = event.node_id === undefined || parentOf.has(event.node_id);
      const knownOption =
        event.option_id === undefined || parentOf.get(event.option_id) === event.node_id;
      const takerAllowed = event.by === undefined || event.type === 'choice';
      if (!knownNode || !knownOption || !takerAllowed) {
        throw new AppError(400, MESSAGES.viewEventsMalformed);
      }
    }
    const rows = batch.events.map((event) => ({
      movieId,
      session: batch.session,
      type: event.type,
      nodeId: event.node_id ?? null,
      optionId: event.option_id ?? null,
      takenBy: event.type === 'choice' ? (event.by ?? 'viewer') : null,
      seconds: event.seconds ?? null,
      atMs: event.at,
      receivedAt,
    }));
    return { movieId, rows };
  }

  return {
    /** The player's data of a published project; a draft's slug is 404 like an unknown one. */
    async published(slug: string): Promise<WatchData> {
      return watchData(await publishedProject(slug), false);
    },

    /** The same data for a project the caller may read, draft or not, marked as a preview. */
    async preview(caller: AuthContext, movieId: number): Promise<WatchData> {
      return watchData(await projectForCaller(projects, caller, movieId, { change: false }), true);
    },

    checkedEvents,

    /** Stores a batch of a published project's viewing events, all or none (see checkedEvents). */
    async recordEvents(slug: string, batch: ViewEvents): Promise<void> {
      const { rows } = await checkedEvents(slug, batch, clock.now(), { appChannel: false });
      await views.insertViewEvents(rows);
    },
  };
}

export type WatchService = ReturnType<typeof createWatchService>;
