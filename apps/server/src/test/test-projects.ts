import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type {
  BannerKind,
  MovieContentStatus,
  MovieContentUploadResult,
  NodeLogic,
  PlotNode,
  projectInfoSchema,
  PublishResult,
} from '@plotline/core';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { activityLog, movieContents, movies } from '../db/schema/index.ts';
import { testClip, testPicture } from './media-fixtures.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

/** A node of a storyline save (`POST /api/movie-plot`), unlocked, with the story logic given. */
export const saveNode = (
  id: number,
  parentId: number | null,
  contentId: number,
  logic: Partial<NodeLogic> = {},
) => ({
  movie_plot_id: id,
  parent_id: parentId,
  movie_content_id: contentId,
  locked: '0',
  ...logic,
});

type ProjectInfoInput = z.input<typeof projectInfoSchema>;

const SRT = '1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nAgain\n';

/**
 * Publishing through the API needs a whole transcoded story (see the publishing tests): tests of
 * other calls set the status directly, with the address and time a published project has, and can
 * take it back.
 */
export async function setPublished(db: Database, movieId: number, published = true): Promise<void> {
  await db
    .update(movies)
    .set(
      published
        ? {
            status: 'published',
            publishedAt: new Date(),
            slug: sql`coalesce(${movies.slug}, ${`published-${movieId}`})`,
          }
        : { status: 'draft', publishedAt: null },
    )
    .where(eq(movies.id, movieId));
}

/**
 * Projects, series, clips, subtitles and images made through the API, for tests of the wizard's
 * calls. The clip and the picture are the shared media fixtures; the subtitle is written into a
 * folder of its own.
 */
export async function projectFactories(server: TestServer) {
  const files = await mkdtemp(path.join(tmpdir(), 'plotline-projects-'));
  const clip = await testClip({ width: 320, height: 180, seconds: 1 });
  const picture = await testPicture({ width: 320, height: 180 }, 'png');
  const subtitle = path.join(files, 'subtitle.srt');
  await writeFile(subtitle, SRT);

  async function upload<T>(
    token: string,
    pathname: string,
    file: { path: string; name: string },
    fields: Record<string, string>,
  ) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('uploads', new Blob([await readFile(file.path)]), file.name);
    const response = await server.request<Envelope<T>>('POST', pathname, { token, rawBody: body });
    if (response.status !== 200)
      throw new Error(`${pathname}: ${response.status} ${response.text}`);
    return response.body.data;
  }

  async function call<T>(method: string, pathname: string, token: string, body?: unknown) {
    const response = await server.request<Envelope<T>>(method, pathname, { token, body });
    if (response.status >= 300) {
      throw new Error(`${method} ${pathname}: ${response.status} ${response.text}`);
    }
    return response.body.data;
  }

  /**
   * A transcoded clip or bridge written straight into the table, with the keys a finished ladder
   * has (no files behind them): for calls that need items, not videos.
   */
  async function readyItem(
    movieId: number,
    type: 1 | 2,
    durationSeconds: number | null,
    fileName = type === 1 ? 'clip.mp4' : 'bridge.mp4',
  ): Promise<number> {
    const prefix = `hls/${randomUUID()}`;
    const [row] = await server.db
      .insert(movieContents)
      .values({
        movieId,
        type,
        fileName,
        sourceKey: `sources/${randomUUID()}`,
        sourceBytes: 1,
        status: 'ready',
        progress: 100,
        durationSeconds,
        hlsKey: `${prefix}/master.m3u8`,
        thumbnailKey: `${prefix}/poster.jpg`,
      })
      .returning({ id: movieContents.id });
    return row!.id;
  }

  const factories = {
    /** The media files the factories upload, for tests that send them themselves: read only. */
    media: { clip, picture, subtitle },

    /**
     * An 8-second 720p clip, made on first use: long enough that its transcode is still running
     * when a test acts on it.
     */
    longClip: (): Promise<string> => testClip({ width: 1280, height: 720, seconds: 8 }),

    /** The transcode status of every clip and bridge of a project, as the wizard polls it. */
    statusOf: (token: string, movieId: number) =>
      call<MovieContentStatus[]>('GET', `/api/transcoder/movie-status/${movieId}`, token),

    readyItem,

    /**
     * A story ready to publish, made through the API but for its items (see `readyItem`): a clip
     * `opening` with two banner components, a `bridge`, then a choice of the clips `left` and
     * `right`; English and German captions, an English subtitle of the opening, a horizontal banner
     * image with its button, both thumbnails, the given slug and German as primary language. An
     * `outtake` clip is uploaded but left out of the plot.
     */
    async makeStory(token: string, slug: string) {
      const movieId = await factories.makeProject(token, {
        title: 'The fork',
        synopsis: 'Choose.',
      });
      const opening = await readyItem(movieId, 1, 60.004, 'opening.mp4');
      const bridge = await readyItem(movieId, 2, 10, 'bridge.mp4');
      const left = await readyItem(movieId, 1, 30, 'left.mp4');
      const right = await readyItem(movieId, 1, 20, 'right.mp4');
      const outtake = await readyItem(movieId, 1, 5, 'outtake.mp4');
      const captions: [number, number, string][] = [
        [opening, 1, 'Opening'],
        [bridge, 1, 'Bridge'],
        [left, 1, 'Go left'],
        [left, 3, 'Nach links'],
        [right, 1, 'Go right'],
        [right, 3, 'Nach rechts'],
        [outtake, 4, 'Toma falsa'],
      ];
      for (const [item, language, caption] of captions) {
        await call('POST', '/api/movie-content/lang', token, {
          movie_content_id: item,
          language_id: language,
          caption,
        });
      }
      const subtitle = await factories.uploadSubtitle(token, opening, 1);
      const mobile = await factories.uploadThumbnail(token, movieId, 'thumbnailMobile');
      const desktop = await factories.uploadThumbnail(token, movieId, 'thumbnailDesktop');
      const banner = await factories.uploadBanner(token, movieId, 'horizontal');
      await call('POST', '/api/media/banner', token, {
        movie_id: movieId,
        url: 'https://example.com/offer',
        button_text: 'Buy',
        button_color: '#112233',
        button_text_color: '#ffeedd',
      });
      const plot = await call<PlotNode[]>('POST', '/api/movie-plot', token, {
        movie_id: movieId,
        version: 0,
        plots: [
          {
            movie_plot_id: -1,
            parent_id: null,
            movie_content_id: opening,
            locked: '0',
            banner: [
              { type: 'vertical', time_start: 5 },
              { type: 'horizontal', time_start: 12 },
            ],
          },
          { movie_plot_id: -2, parent_id: -1, movie_content_id: bridge, locked: '0' },
          { movie_plot_id: -3, parent_id: -2, movie_content_id: left, locked: '0' },
          { movie_plot_id: -4, parent_id: -2, movie_content_id: right, locked: '0' },
        ],
      });
      await call('POST', '/api/movie', token, { movieId, slug, primaryLanguageId: 3 });
      const [openingNode, bridgeNode, leftNode, rightNode] = plot.map((node) => node.movie_plot_id);
      return {
        movieId,
        items: { opening, bridge, left, right, outtake },
        nodes: { opening: openingNode!, bridge: bridgeNode!, left: leftNode!, right: rightNode! },
        subtitle,
        thumbnails: { mobile, desktop },
        banner,
      };
    },

    /** Publishes through the API. */
    publish: (token: string, movieId: number) =>
      call<PublishResult>('POST', `/api/movie/${movieId}/publish`, token),

    /** A project saved through `POST /api/movie`; a single horizontal project unless told. */
    async makeProject(token: string, info: Partial<ProjectInfoInput> = {}): Promise<number> {
      const response = await server.request<Envelope<{ movieId: number }>>('POST', '/api/movie', {
        token,
        body: { type: 1, title: 'A project', view_mode: 'horizontal', ...info },
      });
      if (response.status !== 201) throw new Error(`project: ${response.status} ${response.text}`);
      return response.body.data.movieId;
    },

    async makeSeries(token: string, fields: Record<string, unknown> = {}): Promise<number> {
      const response = await server.request<Envelope<{ movieId: number }>>(
        'POST',
        '/api/movie/series/add',
        { token, body: { title: 'A series', ...fields } },
      );
      if (response.status !== 201) throw new Error(`series: ${response.status} ${response.text}`);
      return response.body.data.movieId;
    },

    /** A clip (or bridge) of a one-second video, queued for transcoding. */
    async uploadClip(
      token: string,
      movieId: number,
      {
        type = 1,
        name = 'clip.mp4',
        source = clip,
      }: { type?: 1 | 2; name?: string; source?: string } = {},
    ): Promise<MovieContentStatus> {
      const result = await upload<MovieContentUploadResult>(
        token,
        '/api/v1.5/upload/movie-content',
        { path: source, name },
        { movieId: String(movieId), type: String(type) },
      );
      return result.files[0]!;
    },

    /** Answers the WebVTT file's public URL. */
    async uploadSubtitle(
      token: string,
      movieContentId: number,
      languageId: number,
    ): Promise<string> {
      const result = await upload<{ location: string }>(
        token,
        '/api/upload/subtitle',
        { path: subtitle, name: 'subtitle.srt' },
        { movie_content_id: String(movieContentId), language_id: String(languageId) },
      );
      return result.location;
    },

    async uploadThumbnail(
      token: string,
      movieId: number,
      field: 'thumbnailMobile' | 'thumbnailDesktop',
    ): Promise<string> {
      const result = await upload<{ location: string }>(
        token,
        `/api/upload/${field}`,
        { path: picture, name: 'thumbnail.png' },
        { movieId: String(movieId) },
      );
      return result.location;
    },

    async uploadBanner(
      token: string,
      movieId: number,
      kind: BannerKind,
    ): Promise<{ location: string; mediaId: number }> {
      return upload(
        token,
        `/api/upload/banner/${kind}`,
        { path: picture, name: 'banner.png' },
        {
          movieId: String(movieId),
        },
      );
    },

    setPublished: (movieId: number, published = true) =>
      setPublished(server.db, movieId, published),

    /** Every file under a folder of the blob store, relative to it. */
    blobsUnder: (folder: string): Promise<string[]> => server.blobKeys(folder),

    /** Whether the store holds the blob behind a public `/api/media/` URL or a blob key. */
    async blobExists(locationOrKey: string): Promise<boolean> {
      return (await server.blobs.size(locationOrKey.replace(/^\/api\/media\//, ''))) !== null;
    },

    /** The newest activity log entry of a user. */
    async lastActivityOf(userId: number) {
      const [entry] = await server.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.actorId, userId))
        .orderBy(desc(activityLog.id))
        .limit(1);
      return entry;
    },

    cleanUp: () => rm(files, { recursive: true, force: true }),
  };
  return factories;
}

export type ProjectFactories = Awaited<ReturnType<typeof projectFactories>>;
/** A story as `makeStory` answers it. */
export type ProjectStory = Awaited<ReturnType<ProjectFactories['makeStory']>>;

export type ProjectCaller = { id: number; companyId: number; token: string };

/**
 * The callers every wizard call is tried with: a contributor who owns the projects, an analyst of
 * the same company (may read, not change) and an administrator of another company.
 */
export async function projectCallers(server: TestServer) {
  const user = await server.makeUser({ role: 'contributor' });
  const owner: ProjectCaller = {
    id: user.id,
    companyId: user.companyId!,
    token: await server.signIn(user),
  };
  const analyst = await server.makeUser({ role: 'analyst', companyId: owner.companyId });
  return {
    owner,
    analystToken: await server.signIn(analyst),
    strangerToken: await server.signIn(await server.makeUser({ role: 'administrator' })),
  };
}

/**
 * The fixture of the wizard's API tests: a test server, the project factories over it and the
 * callers they are tried with; `close` ends them all.
 */
export async function startProjectTests(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  const make = await projectFactories(server);
  return {
    server,
    make,
    ...(await projectCallers(server)),
    async close() {
      await server.close();
      await make.cleanUp();
    },
  };
}

/**
 * `startProjectTests` for the tests of the calling file or describe block, closed after them. A
 * file awaits it at its top; a describe block whose tests need a server of their own awaits it
 * in its (async) body.
 */
export async function startProjectSuite(options: Parameters<typeof startTestServer>[0] = {}) {
  const tests = await startProjectTests(options);
  afterAll(() => tests.close());
  return tests;
}
