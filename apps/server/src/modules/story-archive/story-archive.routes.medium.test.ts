import { readdir, readFile, readlink } from 'node:fs/promises';
import {
  formatMessage,
  MESSAGES,
  STORY_FILE,
  type MovieContentStatus,
  type PlotNode,
  type Project,
  type StoryVariable,
  type WatchData,
} from '@plotline/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STORY_SCHEMA_FILE } from '../../../scripts/story-schema.ts';
import type { Envelope } from '../../test/test-server.ts';
import { testClip } from '../../test/media-fixtures.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import { entriesOf, exportOf, postArchive, writtenState } from '../../test/test-archives.ts';

/*
 * A story's round trip through its archive: exported by its company, imported into another one,
 * the copy is the same story (info, items transcoded, captions, subtitles, banner, artwork,
 * storyline and its logic), exports to the same archive, and the rights hold on both calls.
 */

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite({
  transcodeWorkers: 1,
});

const importer = await server.makeUser({ role: 'administrator' });
const importerToken = await server.signIn(importer);

const VARIABLES: StoryVariable[] = [
  { name: 'courage', kind: 'number', start: 0 },
  { name: 'met_alex', kind: 'flag', start: false },
];

async function call<T>(method: string, pathname: string, token: string, body?: unknown) {
  const response = await server.request<Envelope<T>>(method, pathname, { token, body });
  expect(response.status, `${method} ${pathname}: ${response.text}`).toBeLessThan(300);
  return response.body.data;
}

/** What must survive the trip: the project without its ids, addresses and times. */
function comparable(project: Project) {
  return {
    type: project.type,
    status: project.status,
    title: project.title,
    synopsis: project.synopsis,
    tags: project.tags,
    view_mode: project.view_mode,
    thumbnails: [project.thumbnailMobile !== null, project.thumbnailDesktop !== null],
    items: project.movieContent.map((item) => ({
      type: item.type,
      file_name: item.file_name,
      lang: item.lang.map((language) => ({
        language_id: language.language_id,
        caption: language.caption,
        subtitle: language.file !== null,
        file_name: language.file_name,
      })),
    })),
    language: project.language,
    button: [project.button_text, project.button_color, project.button_text_color, project.url],
    banners: Object.entries(project.banners).map(([kind, image]) => [kind, image.url !== null]),
    slug: project.slug,
    shareable: project.shareable,
    primaryLanguageId: project.primaryLanguageId,
  };
}

/** A storyline with its ids replaced by places: nodes by their index, items by file name. */
function comparableStoryline(
  storyline: { data: PlotNode[]; variables: StoryVariable[] },
  project: Project,
) {
  const place = new Map(storyline.data.map((node, index) => [node.movie_plot_id, index]));
  const file = new Map(project.movieContent.map((item) => [item.movie_content_id, item.file_name]));
  const at = (id: number | null) => (id === null ? null : place.get(id));
  return {
    variables: storyline.variables,
    nodes: storyline.data.map((node) => ({
      parent: at(node.parent_id),
      item: file.get(node.movie_content_id!),
      locked: node.locked,
      banner: node.banner,
      condition: node.condition,
      effects: node.effects,
      branch: node.branch,
      decision_seconds: node.decision_seconds,
      default_option: at(node.default_option_id),
      goto: at(node.goto_id),
    })),
  };
}

let movieId: number;
let original: Project;
let archive: Buffer;
/** The imported copy, once the round trip has made it. */
let copyId: number;

beforeAll(async () => {
  movieId = await make.makeProject(owner.token, {
    title: 'The fork',
    synopsis: 'Choose your way.',
    tags: ['mystery', 'short'],
    view_mode: 'horizontal',
  });
  const item = async (type: 1 | 2, name: string) =>
    (await make.uploadClip(owner.token, movieId, { type, name })).movie_content_id;
  const opening = await item(1, 'opening.mp4');
  const bridge = await item(2, 'bridge.mp4');
  const left = await item(1, 'left.mp4');
  const right = await item(1, 'right.mp4');
  const captions: [number, number, string][] = [
    [opening, 1, 'Opening'],
    [bridge, 1, 'Which way?'],
    [left, 1, 'Go left'],
    [left, 3, 'Nach links'],
    [right, 1, 'Go right'],
    [right, 3, 'Nach rechts'],
  ];
  for (const [id, language, caption] of captions) {
    await call('POST', '/api/movie-content/lang', owner.token, {
      movie_content_id: id,
      language_id: language,
      caption,
    });
  }
  await make.uploadSubtitle(owner.token, opening, 1);
  await make.uploadSubtitle(owner.token, left, 3);
  await make.uploadThumbnail(owner.token, movieId, 'thumbnailMobile');
  await make.uploadThumbnail(owner.token, movieId, 'thumbnailDesktop');
  await make.uploadBanner(owner.token, movieId, 'horizontal');
  await make.uploadBanner(owner.token, movieId, 'vertical_regular');
  await call('POST', '/api/media/banner', owner.token, {
    movie_id: movieId,
    url: 'https://example.com/offer',
    button_text: 'Buy',
    button_color: '#112233',
    button_text_color: '#ffeedd',
  });
  await call('POST', '/api/movie-plot', owner.token, {
    movie_id: movieId,
    version: 0,
    variables: VARIABLES,
    plots: [
      {
        movie_plot_id: -1,
        parent_id: null,
        movie_content_id: opening,
        locked: '0',
        banner: [{ type: 'vertical', time_start: 0 }],
      },
      {
        movie_plot_id: -2,
        parent_id: -1,
        movie_content_id: bridge,
        locked: '0',
        decision_seconds: 10,
        default_option_id: -3,
      },
      {
        movie_plot_id: -3,
        parent_id: -2,
        movie_content_id: left,
        locked: '1',
        effects: [
          { variable: 'courage', op: 'add', value: 2 },
          { variable: 'met_alex', op: 'set', value: true },
        ],
      },
      {
        movie_plot_id: -4,
        parent_id: -2,
        movie_content_id: right,
        locked: '0',
        condition: { join: 'and', clauses: [{ variable: 'courage', op: 'ge', value: 0 }] },
        goto_id: -2,
      },
    ],
  });
  await call('POST', '/api/movie', owner.token, { movieId, shareable: 0, primaryLanguageId: 3 });
  original = await call<Project>('GET', `/api/movie/${movieId}`, owner.token);
  const exported = await exportOf(server, owner.token, movieId);
  expect(exported.response.status).toBe(200);
  archive = exported.zip;
}, 120_000);

describe('GET /api/movie/{movieId}/export', () => {
  it('streams a zip of story.json and every file it names, the sources as uploaded', async () => {
    const { response, zip } = await exportOf(server, owner.token, movieId);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="plotline-story-${movieId}.zip"`,
    );
    expect(Number(response.headers.get('content-length'))).toBe(zip.length);
    const entries = await entriesOf(zip);
    expect([...entries.keys()].sort()).toEqual([
      'images/banner-horizontal.png',
      'images/banner-vertical_regular.png',
      'images/thumbnail-desktop.png',
      'images/thumbnail-mobile.png',
      'media/item-1.mp4',
      'media/item-2.mp4',
      'media/item-3.mp4',
      'media/item-4.mp4',
      STORY_FILE,
      'subtitles/item-1.en.srt',
      'subtitles/item-3.de.srt',
    ]);
    const clip = await readFile(make.media.clip);
    expect(entries.get('media/item-2.mp4')!.equals(clip)).toBe(true);
    expect(
      entries.get('images/thumbnail-mobile.png')!.equals(await readFile(make.media.picture)),
    ).toBe(true);
    expect(entries.get('subtitles/item-3.de.srt')!.toString()).toBe(
      (await readFile(make.media.subtitle)).toString(),
    );

    const story = JSON.parse(entries.get(STORY_FILE)!.toString('utf8'));
    const schema = JSON.parse(await readFile(STORY_SCHEMA_FILE, 'utf8'));
    // The schema's date-time also carries a pattern, which is checked; formats need a plugin.
    const validate = new Ajv2020({
      allErrors: true,
      strict: false,
      validateFormats: false,
    }).compile(schema);
    expect(validate(story), JSON.stringify(validate.errors)).toBe(true);
    expect(story).toMatchObject({
      format: 'plotline-story',
      version: 1,
      info: { type: 'single', title: 'The fork', tags: ['mystery', 'short'] },
      languages: ['en', 'de'],
      settings: { shareable: false, primary_language: 'de' },
      banner: { button_text: 'Buy', url: 'https://example.com/offer' },
    });
    expect(story.items[2]).toEqual({
      id: 'item-3',
      type: 'clip',
      file_name: 'left.mp4',
      media: 'media/item-3.mp4',
      languages: [
        { language: 'en', caption: 'Go left', subtitle: null, subtitle_name: null },
        {
          language: 'de',
          caption: 'Nach links',
          subtitle: 'subtitles/item-3.de.srt',
          subtitle_name: 'subtitle.srt',
        },
      ],
    });
    expect(story.storyline.nodes[1]).toMatchObject({
      id: 'node-2',
      parent: 'node-1',
      item: 'item-2',
      decision_seconds: 10,
      default_option: 'node-3',
    });
    expect(story.storyline.nodes[3]).toMatchObject({ id: 'node-4', goto: 'node-2' });
  });

  it('closes the file it was reading when the client goes away mid-download', async () => {
    // A 25 MB source, more than the sockets' buffers hold, so the download is cut mid-file.
    const big = await testClip({
      width: 1920,
      height: 1080,
      seconds: 8 / 30,
      audio: false,
      outputArgs: ['-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', '-f', 'nut'],
      extension: 'nut',
    });
    const projectId = await make.makeProject(owner.token, { title: 'Big' });
    await make.uploadClip(owner.token, projectId, { source: big, name: 'big.nut' });
    // The transcode reads the source too: done first, so that the export is its only reader.
    await vi.waitFor(
      async () => {
        const [item] = await make.statusOf(owner.token, projectId);
        expect(['ready', 'failed']).toContain(item!.status);
      },
      { timeout: 60_000, interval: 250 },
    );
    const openBlobs = async () => {
      const fds = await readdir('/proc/self/fd');
      const targets = await Promise.all(
        fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
      );
      return targets.filter((target) => target.startsWith(server.blobFilesDir)).length;
    };
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/movie/${projectId}/export`, {
      headers: { 'x-access-token': owner.token },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    // Read until the source is being read: on S3 the bucket's server opens it once asked for it.
    const opened = Date.now() + 5_000;
    do await reader.read();
    while ((await openBlobs()) === 0 && Date.now() < opened);
    expect(await openBlobs()).toBe(1);
    controller.abort();
    const deadline = Date.now() + 5_000;
    while ((await openBlobs()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await openBlobs()).toBe(0);
  });

  it('is for whoever may read the project: its analyst yes, another company or no one not', async () => {
    expect((await exportOf(server, analystToken, movieId)).response.status).toBe(200);
    const stranger = await exportOf(server, strangerToken, movieId);
    expect(stranger.response.status).toBe(404);
    expect(JSON.parse(stranger.zip.toString()).message).toBe(MESSAGES.projectNotFound);
    const anonymous = await fetch(`${server.baseUrl}/api/movie/${movieId}/export`);
    expect(anonymous.status).toBe(401);
    expect((await exportOf(server, owner.token, 2_000_000_000)).response.status).toBe(404);
  });
});

describe('POST /api/movie/import', () => {
  it('makes the same story as a new draft of the importer’s company, transcoded', async () => {
    const response = await postArchive(server, importerToken, archive);
    expect(response.status, response.text).toBe(201);
    copyId = response.body.data.movieId;
    expect(copyId).not.toBe(movieId);
    expect(response.body.data).toEqual({ movieId: copyId, title: 'The fork', items: 4 });

    const copy = await call<Project>('GET', `/api/movie/${copyId}`, importerToken);
    expect(comparable(copy)).toEqual({ ...comparable(original), slug: null });
    expect(copy.shareable).toBe(0);
    expect(copy.primaryLanguageId).toBe(3);
    expect(copy.app_channel_on).toBe(0);
    // The copy's files are its own, not the original's.
    expect(copy.thumbnailMobile).not.toBe(original.thumbnailMobile);
    expect(await make.blobExists(copy.thumbnailMobile!)).toBe(true);

    const storyline = (id: number, token: string) =>
      server.request<{ data: PlotNode[]; variables: StoryVariable[] }>(
        'GET',
        `/api/movie-plot/${id}`,
        { token },
      );
    const [before, after] = [
      await storyline(movieId, owner.token),
      await storyline(copyId, importerToken),
    ];
    expect(after.status).toBe(200);
    expect(comparableStoryline(after.body, copy)).toEqual(
      comparableStoryline(before.body, original),
    );
    expect(after.body.variables).toEqual(VARIABLES);

    // Transcoded as uploads are: every item of the copy becomes ready.
    const deadline = Date.now() + 100_000;
    let items: MovieContentStatus[] = [];
    while (Date.now() < deadline) {
      items = await make.statusOf(importerToken, copyId);
      if (items.every((item) => item.status === 'ready' || item.status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(items.map((item) => item.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
    const subtitle = copy.movieContent[0]!.lang[0]!.file!;
    expect(await (await fetch(server.baseUrl + subtitle)).text()).toContain('WEBVTT');

    // Exported again, the copy is the same archive, but for its time.
    const again = await entriesOf((await exportOf(server, importerToken, copyId)).zip);
    const first = await entriesOf(archive);
    expect([...again.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [name, bytes] of first) {
      if (name === STORY_FILE) continue;
      expect(again.get(name)!.equals(bytes), name).toBe(true);
    }
    const storyOf = (entries: Map<string, Buffer>) => ({
      ...JSON.parse(entries.get(STORY_FILE)!.toString()),
      exported_at: 'then',
    });
    expect(storyOf(again)).toEqual(storyOf(first));

    expect(await make.lastActivityOf(importer.id)).toMatchObject({
      action: 'movie.imported',
      entityType: 'movie',
      entityId: String(copyId),
    });
    // The copy is the importer's company's: the original's company does not reach it.
    expect((await exportOf(server, owner.token, copyId)).response.status).toBe(404);
  }, 150_000);

  it('publishes as the same story: what the player gets is the original’s, captions and banners alike', async () => {
    const ready = async (token: string, id: number) => {
      const deadline = Date.now() + 100_000;
      while (Date.now() < deadline) {
        const items = await make.statusOf(token, id);
        if (items.every((item) => item.status === 'ready')) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`project ${id} is not ready`);
    };
    await ready(owner.token, movieId);
    await ready(importerToken, copyId);
    await call('POST', '/api/movie', owner.token, { movieId, slug: 'the-fork' });
    await call('POST', '/api/movie', importerToken, { movieId: copyId, slug: 'the-fork-again' });
    await make.publish(owner.token, movieId);
    await make.publish(importerToken, copyId);

    /** What a viewer meets, with ids as places and files as their contents. */
    const played = async (slug: string) => {
      const watch = (await server.request<Envelope<WatchData>>('GET', `/api/watch/${slug}`)).body
        .data;
      const place = new Map(watch.plot.map((node, index) => [node.id, index]));
      const itemOf = new Map(watch.items.map((item) => [item.movie_content_id, item]));
      const at = (id: number | null) => (id === null ? null : place.get(id));
      const text = async (url: string) => (await fetch(server.baseUrl + url)).text();
      return {
        settings: [watch.title, watch.synopsis, watch.view_mode, watch.shareable],
        primary: watch.primary_language_id,
        languages: watch.languages,
        banner: { ...watch.banner, images: Object.values(watch.banner.images).map(Boolean) },
        variables: watch.variables,
        plot: await Promise.all(
          watch.plot.map(async (node) => {
            const item = itemOf.get(node.movie_content_id)!;
            return {
              parent: at(node.parent_id),
              type: item.type,
              duration: item.duration,
              captions: item.captions,
              subtitles: await Promise.all(
                item.subtitles.map(async (subtitle) => [
                  subtitle.language_id,
                  await text(subtitle.url),
                ]),
              ),
              banners: node.banners,
              logic: [node.condition, node.effects, node.branch, node.decision_seconds],
              links: [at(node.default_option_id), at(node.goto_id)],
            };
          }),
        ),
      };
    };
    const [first, again] = [await played('the-fork'), await played('the-fork-again')];
    expect(again).toEqual(first);
    expect(first.plot[2]!.captions).toEqual({ '1': 'Go left', '3': 'Nach links' });
    expect(first.plot[0]!.banners).toEqual([{ type: 'vertical', time_start: 0 }]);
  }, 150_000);

  it('needs the right to add projects', async () => {
    const response = await postArchive(server, analystToken, archive);
    expect(response.status).toBe(403);
    const anonymous = await server.request('POST', '/api/movie/import', {
      rawBody: (() => {
        const body = new FormData();
        body.append('uploads', new Blob([archive]), 'story.zip');
        return body;
      })(),
    });
    expect(anonymous.status).toBe(401);
  });

  it('wants the archive in the part "uploads", and nothing beside it', async () => {
    const empty = await server.request<Envelope<unknown>>('POST', '/api/movie/import', {
      token: importerToken,
      rawBody: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.fileMissing);
    const body = new FormData();
    body.append('movieId', '1');
    body.append('uploads', new Blob([archive]), 'story.zip');
    const before = await writtenState(server);
    const extra = await server.request<Envelope<unknown>>('POST', '/api/movie/import', {
      token: importerToken,
      rawBody: body,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe(formatMessage(MESSAGES.unknownField, { field: 'movieId' }));
    expect(await writtenState(server)).toEqual(before);
  });
});
