import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ARCHIVE_LIMITS,
  ARCHIVE_MESSAGES,
  formatMessage,
  MESSAGES,
  STORY_ARCHIVE_FORMAT,
  STORY_ARCHIVE_VERSION,
  STORY_FILE,
  storyArchiveSchema,
  validatePlot,
  type PlotNode,
  type StoryArchive,
} from '@plotline/core';
import type { AuthContext } from '../../access/caller.ts';
import { projectForCaller } from '../../access/project-access.ts';
import type { BlobStore } from '../../adapters/blob-store.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import type { MediaProbe } from '../../adapters/ffmpeg/media-probe.ts';
import type { JobQueue } from '../../adapters/job-queue.ts';
import { scratchFolderName } from '../../adapters/scratch-folders.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { MovieContentsRepository } from '../content/movie-contents.repository.ts';
import type { PlotRepository } from '../plot/plot.repository.ts';
import { toNode } from '../plot/plot.service.ts';
import { checkVideo } from '../content/video-check.ts';
import { writePlotTree } from '../plot/write-plot-tree.ts';
import type { ProjectsRepository } from '../projects/projects.repository.ts';
import { jobExpirySeconds } from '../transcoding/transcoding.service.ts';
import {
  checkImage,
  checkSubtitle,
  displayFileName,
  type CheckedImage,
} from '../uploads/content-checks.ts';
import type { IncomingFile } from '../uploads/uploads.service.ts';
import { openArchive, type OpenedArchive } from './archive-reader.ts';
import { writeArchive } from './archive-writer.ts';
import type { StoryArchiveRepository } from './story-archive.repository.ts';
import {
  contentTypeOf,
  languageIdOf,
  plannedFiles,
  storylineOf,
  storyOf,
  type PlannedFile,
} from './story-document.ts';

export interface StoryArchiveDeps {
  archives: StoryArchiveRepository;
  projects: Pick<ProjectsRepository, 'findMovie' | 'listBannerImages'>;
  contents: Pick<MovieContentsRepository, 'listContents' | 'insertContents'>;
  plots: Pick<PlotRepository, 'listPlots' | 'storyVariables' | 'insertPlot' | 'updatePlot'>;
  queue: Pick<JobQueue, 'send'>;
  blobs: BlobStore;
  ffmpeg: Ffmpeg;
  clock: Clock;
  transaction: RunInTransaction;
  /** This process's scratch space for archives being unpacked (`work/import`). */
  scratchDir: string;
}

/** An archive's file once taken out and checked, waiting to be stored. */
interface CheckedFile {
  planned: PlannedFile;
  file: string;
  bytes: number;
  probe?: MediaProbe;
  image?: CheckedImage;
  subtitle?: { srt: Buffer; vtt: string };
}

const refuse = (message: string, values: Record<string, string | number> = {}) =>
  new AppError(400, formatMessage(message, values));

/** story.json's text as the schema reads it; every refusal names where the problem is. */
function parseStory(text: Buffer): StoryArchive {
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch (error) {
    throw refuse(ARCHIVE_MESSAGES.storyNotJson, { reason: (error as Error).message });
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (
    (json as { format?: unknown } | null)?.format === STORY_ARCHIVE_FORMAT &&
    typeof version === 'number' &&
    version > STORY_ARCHIVE_VERSION
  ) {
    throw refuse(ARCHIVE_MESSAGES.newerVersion, { version });
  }
  const parsed = storyArchiveSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const [problem] = parsed.error.issues;
  const where = problem!.path.map(String).join('.') || '(the root)';
  const keys = problem!.code === 'unrecognized_keys' ? `: ${problem!.keys.join(', ')}` : '';
  throw refuse(ARCHIVE_MESSAGES.storyInvalid, {
    path: where,
    message: `${problem!.message}${keys}`,
  });
}

/** What an archive holds once every check has passed: its description and its files, checked. */
interface CheckedArchive {
  story: StoryArchive;
  /** The checked files by their path in the archive. */
  files: Map<string, CheckedFile>;
  /** The storyline as the plot rules read it, and the items' durations as ffprobe measured them. */
  nodes: PlotNode[];
  durations: number[];
}

/** Where each kind of file goes in the blob store, as its upload would put it. */
const FOLDERS = { video: 'sources', thumbnail: 'thumbnails', banner: 'banners' } as const;

export function createStoryArchiveService(deps: StoryArchiveDeps) {
  const { archives, projects, contents, plots, queue, blobs, ffmpeg, clock, transaction } = deps;

  /** Takes out one planned file and checks it as an upload of its kind would be checked. */
  async function takeOut(
    archive: OpenedArchive,
    planned: PlannedFile,
    dir: string,
  ): Promise<CheckedFile> {
    const file = path.join(dir, randomUUID());
    const bytes = await archive.extract(planned.path, file, planned.limit);
    const name = planned.path;
    try {
      switch (planned.kind) {
        case 'video':
          return { planned, file, bytes, probe: await checkVideo(ffmpeg, file, name) };
        case 'thumbnail':
        case 'banner':
          return { planned, file, bytes, image: await checkImage(ffmpeg, file, name) };
        case 'subtitle':
          return { planned, file, bytes, subtitle: await checkSubtitle(file, bytes, name) };
      }
    } catch (error) {
      // The archive is the request's one file: what is wrong inside it is a bad request.
      if (error instanceof AppError) throw new AppError(400, error.message);
      throw error;
    }
  }

  /**
   * Every check of an import, in the order docs/story-archive.md gives: the zip's index, story.json,
   * the files it names (present, then each taken out, counted and checked), the storyline. Throws
   * the first refusal; writes nothing but scratch files in `dir`.
   */
  async function checkArchive(archive: OpenedArchive, dir: string): Promise<CheckedArchive> {
    if (!archive.entries.has(STORY_FILE)) throw refuse(ARCHIVE_MESSAGES.noStory);
    const story = parseStory(await archive.readBuffer(STORY_FILE, ARCHIVE_LIMITS.storyJsonBytes));
    const planned = plannedFiles(story);
    for (const file of planned) {
      if (!archive.entries.has(file.path)) {
        throw refuse(ARCHIVE_MESSAGES.missingFile, { path: file.path });
      }
    }
    const primary = story.settings.primary_language;
    const used = story.items.flatMap((item) => item.languages.map((language) => language.language));
    if (primary !== null && !used.includes(primary)) {
      throw refuse(ARCHIVE_MESSAGES.storyInvalid, {
        path: 'settings.primary_language',
        message: MESSAGES.languageNotUsed,
      });
    }

    const files = new Map<string, CheckedFile>();
    for (const file of planned) files.set(file.path, await takeOut(archive, file, dir));

    const { nodes, itemIndexOf } = storylineOf(story);
    const durations = story.items.map((item) => files.get(item.media)!.probe!.durationSeconds);
    if (nodes.length > 0) {
      const items = story.items.map((item, index) => ({
        movie_content_id: itemIndexOf.get(item.id)!,
        type: contentTypeOf(item),
        duration: durations[index]!,
      }));
      const [problem] = validatePlot(nodes, items, story.storyline.variables);
      if (problem) throw refuse(ARCHIVE_MESSAGES.storyline, { message: problem.message });
    }
    return { story, files, nodes, durations };
  }

  /**
   * Moves the checked files into the store, each as its upload would store it (a subtitle as SRT
   * and WebVTT); `undo` removes them again if what follows fails.
   */
  async function store(files: Iterable<CheckedFile>) {
    const stored: string[] = [];
    const keyOf = new Map<string, string>();
    const vttKeyOf = new Map<string, string>();
    const put = async (key: string, write: () => Promise<void>) => {
      await write();
      stored.push(key);
      return key;
    };
    try {
      for (const file of files) {
        const { path: name, kind } = file.planned;
        if (kind === 'subtitle') {
          const id = randomUUID();
          const [srt, vtt] = [`subtitles/${id}.srt`, `subtitles/${id}.vtt`];
          keyOf.set(name, await put(srt, () => blobs.put(srt, file.subtitle!.srt)));
          const text = Buffer.from(file.subtitle!.vtt, 'utf8');
          vttKeyOf.set(name, await put(vtt, () => blobs.put(vtt, text)));
        } else {
          const extension = file.image ? `.${file.image.extension}` : '';
          const key = `${FOLDERS[kind]}/${randomUUID()}${extension}`;
          keyOf.set(name, await put(key, () => blobs.putFile(key, file.file)));
        }
      }
    } catch (error) {
      await Promise.all(stored.map((key) => blobs.delete(key)));
      throw error;
    }
    return {
      keyOf,
      vttKeyOf,
      undo: () => Promise.all(stored.map((key) => blobs.delete(key))),
    };
  }

  /** One transaction: the project, its banner images, items, languages, storyline and jobs. */
  async function writeProject(
    caller: AuthContext,
    companyId: number,
    checked: CheckedArchive,
    stored: { keyOf: Map<string, string>; vttKeyOf: Map<string, string> },
  ): Promise<number> {
    const { story, files } = checked;
    const { keyOf, vttKeyOf } = stored;
    const primary = story.settings.primary_language;
    return transaction(async (tx) => {
      const at = clock.now();
      const movieId = await archives.insertProject(
        {
          companyId,
          createdBy: caller.userId,
          title: story.info.title,
          synopsis: story.info.synopsis,
          tags: story.info.tags,
          viewMode: story.info.view_mode,
          thumbnailMobile: story.thumbnails.mobile && keyOf.get(story.thumbnails.mobile)!,
          thumbnailDesktop: story.thumbnails.desktop && keyOf.get(story.thumbnails.desktop)!,
          buttonText: story.banner.button_text,
          buttonColor: story.banner.button_color,
          buttonTextColor: story.banner.button_text_color,
          bannerUrl: story.banner.url,
          shareable: story.settings.shareable,
          primaryLanguageId: primary === null ? null : languageIdOf(primary),
          storyVariables: story.storyline.variables,
        },
        at,
        tx,
      );
      await archives.insertBannerImages(
        story.banner.images.map((banner) => {
          const { width, height } = files.get(banner.file)!.image!;
          return { movieId, kind: banner.kind, imageKey: keyOf.get(banner.file)!, width, height };
        }),
        at,
        tx,
      );
      const contentIds = await contents.insertContents(
        story.items.map((item) => ({
          movieId,
          type: contentTypeOf(item),
          // Cleaned as an upload cleans its name: an archive may be made by hand.
          fileName: displayFileName(item.file_name, 'video'),
          sourceKey: keyOf.get(item.media)!,
          sourceBytes: files.get(item.media)!.bytes,
        })),
        at,
        tx,
      );
      await archives.insertLanguages(
        story.items.flatMap((item, index) =>
          item.languages.map((language) => ({
            movieContentId: contentIds[index]!,
            languageId: languageIdOf(language.language),
            caption: language.caption,
            subtitleSrtKey: language.subtitle && keyOf.get(language.subtitle)!,
            subtitleVttKey: language.subtitle && vttKeyOf.get(language.subtitle)!,
            subtitleName:
              language.subtitle && displayFileName(language.subtitle_name ?? '', 'subtitle.srt'),
          })),
        ),
        at,
        tx,
      );
      // Items are numbered from 1 in the archive's order (`storylineOf`).
      const nodes = checked.nodes.map((node) => ({
        ...node,
        movie_content_id: contentIds[node.movie_content_id! - 1]!,
        duration: checked.durations[node.movie_content_id! - 1]!,
      }));
      await writePlotTree(plots, movieId, nodes, new Set(), at, tx);
      // Queued exactly as an upload queues its videos: the same job, the same time allowed.
      for (const [index, id] of contentIds.entries()) {
        await queue.send(
          { kind: 'transcode', movieContentId: id, attempt: 1 },
          { tx, expireInSeconds: jobExpirySeconds(checked.durations[index]!) },
        );
      }
      return movieId;
    });
  }

  return {
    /** Refuses at once, before an archive's bytes are read, a caller who has no company to import into. */
    checkImportTarget(caller: AuthContext): void {
      if (caller.companyId === null) throw new AppError(400, MESSAGES.projectNeedsCompany);
    },

    /**
     * A project as a story archive, for whoever may read it: story.json and every file it names,
     * streamed from the blob store one after the other (never a whole file in memory). `bytes`
     * is the zip's exact size, known before the first byte.
     */
    async exportArchive(
      caller: AuthContext,
      movieId: number,
    ): Promise<{ fileName: string; bytes: number; stream: Readable }> {
      const movie = await projectForCaller(projects, caller, movieId, { change: false });
      const items = await contents.listContents(movie.id);
      const { story, files } = storyOf(
        {
          movie,
          contents: items,
          languages: await archives.listArchivedLanguages(items.map((item) => item.id)),
          bannerImages: await projects.listBannerImages(movie.id),
          nodes: (await plots.listPlots(movie.id)).map(toNode),
          variables: await plots.storyVariables(movie.id),
        },
        clock.now(),
      );
      const sized = await Promise.all(
        files.map(async (file) => {
          const bytes = await blobs.size(file.key);
          // A file the records name but the store lacks: the archive would be incomplete.
          if (bytes === null) {
            throw new Error(`Export of project ${movie.id}: ${file.key} is missing`);
          }
          return { ...file, bytes };
        }),
      );
      const { stream, bytes } = await writeArchive(
        Buffer.from(`${JSON.stringify(story, null, 2)}\n`, 'utf8'),
        sized,
        blobs,
        clock.now(),
      );
      return { fileName: `plotline-story-${movie.id}.zip`, bytes, stream };
    },

    /**
     * Makes a new draft of the caller's company from a story archive: every check first, so a
     * refused archive writes nothing (`checkArchive`); then the files are stored and one
     * transaction writes the project, its items (queued for transcoding as uploads are),
     * captions, subtitles, banner, artwork and storyline. Scratch files go either way.
     */
    async importArchive(
      caller: AuthContext,
      upload: IncomingFile,
    ): Promise<{ movieId: number; title: string; items: number }> {
      const companyId = caller.companyId;
      if (companyId === null) throw new AppError(400, MESSAGES.projectNeedsCompany);
      const dir = path.join(deps.scratchDir, scratchFolderName('import'));
      await mkdir(dir, { recursive: true });
      let archive: OpenedArchive | undefined;
      try {
        archive = await openArchive(upload.path);
        const checked = await checkArchive(archive, dir);
        const stored = await store(checked.files.values());
        try {
          const movieId = await writeProject(caller, companyId, checked, stored);
          return { movieId, title: checked.story.info.title, items: checked.story.items.length };
        } catch (error) {
          await stored.undo();
          throw error;
        }
      } finally {
        archive?.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type StoryArchiveService = ReturnType<typeof createStoryArchiveService>;
