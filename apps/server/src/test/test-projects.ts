import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  BannerKind,
  MovieContentStatus,
  MovieContentUploadResult,
  projectInfoSchema,
} from '@plotline/core';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { activityLog, movies } from '../db/schema/index.ts';
import { makeTestClip, makeTestPicture } from './test-media.ts';
import { startTestServer, testFfmpegBinaries, type TestServer } from './test-server.ts';

type Envelope<T> = { data: T; message?: string };
type ProjectInfoInput = z.input<typeof projectInfoSchema>;

const SRT = '1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nAgain\n';

/**
 * Projects, series, clips, subtitles and images made through the API, for tests of the wizard's
 * calls. Media files are made once, in a folder of their own.
 */
export async function projectFactories(server: TestServer) {
  const files = await mkdtemp(path.join(tmpdir(), 'plotline-projects-'));
  const binaries = await testFfmpegBinaries();
  const clip = path.join(files, 'clip.mp4');
  await makeTestClip(binaries, clip, { width: 320, height: 180, seconds: 1 });
  const picture = path.join(files, 'picture.png');
  await makeTestPicture(binaries, picture, { width: 320, height: 180 });
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

  return {
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

    /** Publishing is not an API call yet: the test sets the status, and can take it back. */
    async setPublished(movieId: number, published = true): Promise<void> {
      await server.db
        .update(movies)
        .set({ status: published ? 'published' : 'draft' })
        .where(eq(movies.id, movieId));
    },

    /** The stored file behind a public `/api/media/` URL or a blob key. */
    blobFile(locationOrKey: string): string {
      return path.join(server.blobsDir, locationOrKey.replace(/^\/api\/media\//, ''));
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
}

export const fileExists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

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
