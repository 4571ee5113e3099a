import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCESS_TOKEN_HEADER, MESSAGES, TUS_UPLOAD_PATH } from '@plotline/core';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  bannerImages,
  contentLanguages,
  movieContents,
  moviePlots,
  movies,
  series,
} from '../../db/schema/index.ts';
import { startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';

/**
 * §4: publishing is final. Every write call on a published project, its items, captions,
 * subtitles, banners, artwork, plot and uploads answers 409 and changes nothing. The calls are
 * read from the API document, so a new write call without its case here fails this test.
 */

const { server, make, owner } = await startProjectSuite();

let story: ProjectStory;
let seriesId: number;
/** A failed item outside the plot: its retry is a write too. */
let failedItem: number;
/** A resumable upload into the project, begun before it was published. */
let unfinishedUpload: string;
let clipBytes: Buffer;

/** The write calls that concern no project (accounts, users, companies) or only its viewers. */
const NOT_ABOUT_A_PROJECT = [
  'POST /api/v1.6/auth/login',
  'POST /api/v1.6/auth/invite',
  'POST /api/v1.6/auth/logout',
  'POST /api/auth/oidc/complete',
  'DELETE /api/profile/identities/{id}',
  'POST /api/profile/identities/link',
  'POST /api/user/register',
  'POST /api/user/new_password',
  'POST /api/user/forgot_password',
  'POST /api/user/renew_password',
  'POST /api/user/reset_password',
  'POST /api/user/profile',
  'POST /api/company/profile',
  'PUT /api/user/guide',
  'POST /api/upload/avatar',
  'POST /api/user/invite',
  'PUT /api/user/{id}',
  'DELETE /api/user/{id}',
  'POST /api/user/{id}/resend-invite',
  'POST /api/internal-user/invite',
  'PUT /api/internal-user/{id}',
  'DELETE /api/internal-user/{id}',
  'POST /api/internal-user/{id}/resend-invite',
  'POST /api/company',
  'PUT /api/company/{id}',
  'DELETE /api/company/{id}',
  // What viewers of a published project send: see view-events.routes.medium.test.ts.
  'POST /api/watch/{slug}/events',
  // A viewer's state kept behind a resume token: see resume.routes.medium.test.ts.
  'POST /api/watch/{slug}/resume',
  // A platform's promoted list names published projects and changes nothing of them.
  'POST /api/promoted',
  'PUT /api/promoted/order',
  'PUT /api/promoted/{id}',
  'DELETE /api/promoted/{id}',
  // Segments group the app's viewers; what those viewers send is the events below.
  'POST /api/segment',
  'POST /api/segment/preview',
  'PUT /api/segment/{id}',
  'DELETE /api/segment/{id}',
  // The app's viewers: registering names no project; their events are checked as the player's.
  'POST /api/app/v1/viewer',
  'POST /api/app/v1/events',
  // The coming-soon page's news list: an address, no project.
  'POST /api/public/news-signup',
  // The root user's maintenance switch.
  'PUT /api/maintenance',
  // An import makes a new draft from an archive: no project it names changes.
  'POST /api/movie/import',
  // A linear cut renders a published project into a file of its own: the project is only read.
  'POST /api/movie/{movieId}/linear-cuts',
  'DELETE /api/movie/{movieId}/linear-cuts/{id}',
  // A download ticket is a link to a file of the project, which it only reads.
  'POST /api/downloads',
];

function tusRequest(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  return fetch(new URL(url, server.baseUrl), {
    method,
    headers: {
      'tus-resumable': '1.0.0',
      [ACCESS_TOKEN_HEADER]: owner.token,
      ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      ...headers,
    },
    body,
  });
}

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const createTusUpload = () =>
  tusRequest('POST', TUS_UPLOAD_PATH, {
    'upload-length': String(clipBytes.length),
    'upload-metadata': tusMetadata({
      filename: 'late.mp4',
      type: '1',
      movieId: String(story.movieId),
    }),
  });

async function multipart(pathname: string, file: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('uploads', new Blob([await readFile(file)]), path.basename(file));
  return server.request('POST', pathname, { token: owner.token, rawBody: body });
}

beforeAll(async () => {
  clipBytes = await readFile(make.media.clip);
  story = await make.makeStory(owner.token, 'final-story');
  // An episode, so changing its series or number is among the refused writes.
  seriesId = await make.makeSeries(owner.token, { title: 'The series' });
  const episode = await server.request('POST', '/api/movie', {
    token: owner.token,
    body: {
      movieId: story.movieId,
      type: 2,
      title: 'The fork',
      synopsis: 'Choose.',
      view_mode: 'horizontal',
      movieIdParent: seriesId,
      episodeNumber: 3,
    },
  });
  expect(episode.status, episode.text).toBe(200);
  failedItem = await make.readyItem(story.movieId, 2, 4, 'broken.mp4');
  await server.db
    .update(movieContents)
    .set({ status: 'failed', transcoderLog: 'Broken', thumbnailKey: null })
    .where(eq(movieContents.id, failedItem));
  const created = await createTusUpload();
  expect(created.status).toBe(201);
  unfinishedUpload = created.headers.get('location')!;
  await make.publish(owner.token, story.movieId);
}, 120_000);

/** Everything a write could have changed: the project's rows, its files, its log, its jobs. */
async function snapshot() {
  const { movieId } = story;
  const contents = await server.db
    .select()
    .from(movieContents)
    .where(eq(movieContents.movieId, movieId));
  // drizzle types a raw query's rows as unknown; both drivers answer `{ rows }`.
  const { rows } = (await server.db.execute(
    sql`select count(*)::int as jobs from pgboss.job`,
  )) as unknown as { rows: { jobs: number }[] };
  const jobs = rows[0]!.jobs;
  return {
    movie: await server.db.select().from(movies).where(eq(movies.id, movieId)),
    projectsOfCompany: await server.db
      .select({ rows: count() })
      .from(movies)
      .where(eq(movies.companyId, owner.companyId)),
    series: await server.db.select().from(series).where(eq(series.companyId, owner.companyId)),
    contents,
    languages: await server.db
      .select()
      .from(contentLanguages)
      .where(
        inArray(
          contentLanguages.movieContentId,
          contents.map((content) => content.id),
        ),
      ),
    plot: await server.db.select().from(moviePlots).where(eq(moviePlots.movieId, movieId)),
    bannerImages: await server.db
      .select()
      .from(bannerImages)
      .where(eq(bannerImages.movieId, movieId)),
    activity: await server.db
      .select({ rows: count() })
      .from(activityLog)
      .where(eq(activityLog.actorId, owner.id)),
    jobs,
    // Uploads in progress are not the project's files (on S3 they wait in the bucket's tus/).
    files: (await server.blobKeys('')).filter((key) => !key.startsWith('tus/')),
  };
}

describe('a published project', () => {
  it('refuses every write call with 409 and changes nothing', async () => {
    const { movieId, items, nodes } = story;
    const json = (method: string, pathname: string, body?: unknown) => () =>
      server.request(method, pathname, { token: owner.token, body });
    const media = make.media;

    const writes: Record<string, () => Promise<{ status: number; text: string }>> = {
      'POST /api/movie': json('POST', '/api/movie', {
        movieId,
        type: 2,
        title: 'Another title',
        view_mode: 'vertical',
        movieIdParent: seriesId,
        episodeNumber: 4,
      }),
      'PUT /api/movie': json('PUT', '/api/movie', { movie_id: movieId, thumbnail_mobile: null }),
      'DELETE /api/movie/{movieId}': json('DELETE', `/api/movie/${movieId}`),
      'POST /api/media/banner': json('POST', '/api/media/banner', {
        movie_id: movieId,
        button_text: 'Other',
      }),
      'DELETE /api/media/banner/{movieId}/{bannerKind}': json(
        'DELETE',
        `/api/media/banner/${movieId}/horizontal`,
      ),
      'POST /api/movie/series/add': json('POST', '/api/movie/series/add', {
        title: 'Another series',
        movieId,
      }),
      'POST /api/movie-content/lang': json('POST', '/api/movie-content/lang', {
        movie_content_id: items.left,
        language_id: 1,
        caption: 'Changed',
      }),
      'DELETE /api/movie-content/lang/{movieId}/{languageId}': json(
        'DELETE',
        `/api/movie-content/lang/${movieId}/3`,
      ),
      'DELETE /api/movie-content/sub/{movieContentId}/{languageId}': json(
        'DELETE',
        `/api/movie-content/sub/${items.opening}/1`,
      ),
      'DELETE /api/movie-content/{movieId}/{movieContentId}': json(
        'DELETE',
        `/api/movie-content/${movieId}/${items.outtake}`,
      ),
      'POST /api/transcoder/retry': json('POST', '/api/transcoder/retry', {
        id: failedItem,
        trailer: 0,
      }),
      'POST /api/movie-plot': json('POST', '/api/movie-plot', {
        movie_id: movieId,
        version: 1,
        plots: [
          {
            movie_plot_id: nodes.opening,
            parent_id: null,
            movie_content_id: items.opening,
            locked: '0',
          },
        ],
      }),
      'DELETE /api/movie-plot/{movieId}/{id}': json(
        'DELETE',
        `/api/movie-plot/${movieId}/${nodes.left}`,
      ),
      'PUT /api/movie-plot/lock': json('PUT', '/api/movie-plot/lock', {
        movie_plot_id: nodes.opening,
        status: true,
      }),
      'POST /api/movie-plot/banner': json('POST', '/api/movie-plot/banner', {
        movie_id: movieId,
        movie_plot_id: nodes.left,
        banner: [{ banner_type: 'vertical', banner_time_start: 1 }],
      }),
      'POST /api/movie/{movieId}/publish': json('POST', `/api/movie/${movieId}/publish`),
      'PUT /api/movie/{movieId}/paths-confirmed': json(
        'PUT',
        `/api/movie/${movieId}/paths-confirmed`,
        { version: 1 },
      ),
      'POST /api/v1.5/upload/movie-content': () =>
        multipart('/api/v1.5/upload/movie-content', media.clip, {
          movieId: String(movieId),
          type: '1',
        }),
      'POST /api/upload/thumbnailMobile': () =>
        multipart('/api/upload/thumbnailMobile', media.picture, { movieId: String(movieId) }),
      'POST /api/upload/thumbnailDesktop': () =>
        multipart('/api/upload/thumbnailDesktop', media.picture, { movieId: String(movieId) }),
      'POST /api/upload/subtitle': () =>
        multipart('/api/upload/subtitle', media.subtitle, {
          movie_content_id: String(items.left),
          language_id: '1',
        }),
      'POST /api/upload/banner/{kind}': () =>
        multipart('/api/upload/banner/vertical_regular', media.picture, {
          movieId: String(movieId),
        }),
    };
    // The step 4 settings share POST /api/movie with step 1; both are refused.
    const settings = json('POST', '/api/movie', { movieId, slug: 'another-slug', shareable: 0 });
    // tus, outside the API document: a new upload, and the end of one begun before publishing.
    const tusCreation = async () => {
      const response = await createTusUpload();
      return { status: response.status, text: await response.text() };
    };
    const tusFinish = async () => {
      const response = await tusRequest(
        'PATCH',
        unfinishedUpload,
        { 'upload-offset': '0' },
        clipBytes,
      );
      return { status: response.status, text: await response.text() };
    };

    const document = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/docs/json',
    );
    const documented = Object.entries(document.body.paths).flatMap(([pathname, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== 'get')
        .map((method) => `${method.toUpperCase()} ${pathname}`),
    );
    expect(documented.filter((call) => !NOT_ABOUT_A_PROJECT.includes(call)).sort()).toEqual(
      Object.keys(writes).sort(),
    );

    const before = await snapshot();
    const calls = [
      ...Object.entries(writes),
      ['POST /api/movie (publication settings)', settings] as const,
      ['tus creation', tusCreation] as const,
      ['tus last PATCH', tusFinish] as const,
    ];
    for (const [name, call] of calls) {
      const response = await call();
      expect(response.status, `${name}: ${response.text}`).toBe(409);
      expect(JSON.parse(response.text), name).toEqual({ message: MESSAGES.projectPublished });
    }
    expect(await snapshot()).toEqual(before);
    // Still published, still playing.
    expect((await server.request('GET', '/api/watch/final-story')).status).toBe(200);
  });
});
