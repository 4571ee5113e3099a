import { MESSAGES, NO_NODE_LOGIC, type WatchData } from '@plotline/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { movieContents, movies } from '../../db/schema/index.ts';
import { startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

/** Published in beforeAll: the story every read of this file plays. */
let story: ProjectStory;
const SLUG = 'the-fork';

beforeAll(async () => {
  story = await make.makeStory(owner.token, SLUG);
  await make.publish(owner.token, story.movieId);
}, 60_000);

const watch = (slug: string, token?: string) =>
  server.request<Envelope<WatchData>>('GET', `/api/watch/${slug}`, { token });
const preview = (movieId: number | string, token: string | null = owner.token) =>
  server.request<Envelope<WatchData>>('GET', `/api/watch/preview/${movieId}`, {
    token: token ?? undefined,
  });

const HLS = expect.stringMatching(/^\/api\/media\/hls\/[0-9a-f-]{36}\/master\.m3u8$/);
const POSTER = expect.stringMatching(/^\/api\/media\/hls\/[0-9a-f-]{36}\/poster\.jpg$/);

describe('GET /api/watch/{slug}', () => {
  it("answers a published project's plot, items, languages, banner and settings, to anyone", async () => {
    const response = await watch(SLUG);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const { items, nodes } = story;
    expect(response.body.data).toEqual({
      slug: SLUG,
      title: 'The fork',
      synopsis: 'Choose.',
      view_mode: 'horizontal',
      shareable: true,
      primary_language_id: 3,
      // The outtake's Spanish is not among them: it is not in the plot.
      languages: [
        { language_id: 1, code: 'en', name: 'English' },
        { language_id: 3, code: 'de', name: 'German' },
      ],
      banner: {
        images: { vertical_regular: null, horizontal: story.banner.location, vertical_long: null },
        button_text: 'Buy',
        button_color: '#112233',
        button_text_color: '#ffeedd',
        url: 'https://example.com/offer',
      },
      items: [
        {
          movie_content_id: items.opening,
          type: 1,
          duration: 60,
          hls_url: HLS,
          poster: POSTER,
          captions: { 1: 'Opening' },
          subtitles: [{ language_id: 1, url: story.subtitle }],
        },
        {
          movie_content_id: items.bridge,
          type: 2,
          duration: 10,
          hls_url: HLS,
          poster: POSTER,
          captions: { 1: 'Bridge' },
          subtitles: [],
        },
        {
          movie_content_id: items.left,
          type: 1,
          duration: 30,
          hls_url: HLS,
          poster: POSTER,
          captions: { 1: 'Go left', 3: 'Nach links' },
          subtitles: [],
        },
        {
          movie_content_id: items.right,
          type: 1,
          duration: 20,
          hls_url: HLS,
          poster: POSTER,
          captions: { 1: 'Go right', 3: 'Nach rechts' },
          subtitles: [],
        },
      ],
      // A story without logic: no variables, every node without it.
      plot: [
        {
          id: nodes.opening,
          movie_content_id: items.opening,
          parent_id: null,
          banners: [
            { type: 'vertical', time_start: 5 },
            { type: 'horizontal', time_start: 12 },
          ],
        },
        { id: nodes.bridge, movie_content_id: items.bridge, parent_id: nodes.opening, banners: [] },
        { id: nodes.left, movie_content_id: items.left, parent_id: nodes.bridge, banners: [] },
        { id: nodes.right, movie_content_id: items.right, parent_id: nodes.bridge, banners: [] },
      ].map((node) => ({ ...node, ...NO_NODE_LOGIC })),
      variables: [],
      preview: false,
    });
    // Nothing of the studio's: file names, sources, the company, its people.
    for (const hidden of [
      '.mp4',
      'sources/',
      'outtake',
      'Company',
      '@example.com',
      'thumbnails/',
    ]) {
      expect(response.text).not.toContain(hidden);
    }
  });

  it('answers an unknown address and a draft alike, so drafts cannot be found', async () => {
    await make.makeStory(owner.token, 'a-draft');
    const unknown = await watch('no-such-story');
    const ofDraft = await watch('a-draft');
    for (const response of [unknown, ofDraft]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.watchNotFound });
    }
    // Signed in changes nothing: the call is for viewers.
    expect((await watch('a-draft', owner.token)).status).toBe(404);
  });

  it('hands the player no banner link that is not a web link, whenever it was stored', async () => {
    const movieId = await make.makeProject(owner.token);
    await make.setPublished(movieId);
    const bannerOf = async () => (await watch(`published-${movieId}`)).body.data.banner.url;
    for (const [stored, handed] of [
      ['javascript:alert(document.cookie)', ''],
      ['data:text/html,<script>alert(1)</script>', ''],
      ['/relative', ''],
      ['https://example.com/offer', 'https://example.com/offer'],
    ]) {
      await server.db.update(movies).set({ bannerUrl: stored }).where(eq(movies.id, movieId));
      expect(await bannerOf(), stored).toBe(handed);
    }
  });
});

describe('GET /api/watch/preview/{movieId}', () => {
  it("answers a draft's data to the project's company, marked as a preview", async () => {
    const draft = await make.makeStory(owner.token, 'draft-preview');
    for (const token of [owner.token, analystToken]) {
      const response = await preview(draft.movieId, token);
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.body.data).toMatchObject({ slug: 'draft-preview', preview: true });
      expect(response.body.data.plot).toHaveLength(4);
    }
    // The published story previews too.
    expect((await preview(story.movieId)).body.data).toMatchObject({ slug: SLUG, preview: true });
  });

  it('stops the plot before a clip or bridge that cannot play yet; slug null until chosen', async () => {
    const draft = await make.makeStory(owner.token, 'draft-unplayable');
    await server.db
      .update(movieContents)
      .set({ status: 'processing', hlsKey: null, thumbnailKey: null })
      .where(eq(movieContents.id, draft.items.bridge));
    const cut = await preview(draft.movieId);
    expect(cut.body.data.plot.map((node) => node.id)).toEqual([draft.nodes.opening]);
    expect(cut.body.data.items.map((item) => item.movie_content_id)).toEqual([draft.items.opening]);

    await server.db
      .update(movieContents)
      .set({ status: 'playable', hlsKey: `hls/${crypto.randomUUID()}/master.m3u8` })
      .where(eq(movieContents.id, draft.items.bridge));
    const playable = await preview(draft.movieId);
    expect(playable.body.data.plot).toHaveLength(4);
    const bridge = playable.body.data.items.find(
      (item) => item.movie_content_id === draft.items.bridge,
    );
    expect(bridge).toMatchObject({ hls_url: HLS, poster: null });

    const bare = await make.makeProject(owner.token);
    expect((await preview(bare)).body.data).toMatchObject({
      slug: null,
      plot: [],
      items: [],
      languages: [],
      primary_language_id: null,
      shareable: true,
    });
  });

  it("carries each node's story logic and the variables; a default or link to a node left out is null", async () => {
    const draft = await make.makeStory(owner.token, 'draft-logic');
    const { opening, bridge, left, right } = draft.items;
    const variables = [{ name: 'score', kind: 'number', start: 2 }];
    const scoreAbove = { join: 'or', clauses: [{ variable: 'score', op: 'gt', value: 1 }] };
    const saved = await server.request<{ data: { movie_plot_id: number }[] }>(
      'POST',
      '/api/movie-plot',
      {
        token: owner.token,
        body: {
          movie_id: draft.movieId,
          version: 1,
          variables,
          plots: [
            {
              movie_plot_id: -1,
              parent_id: null,
              movie_content_id: opening,
              locked: '0',
              effects: [{ variable: 'score', op: 'add', value: 1 }],
            },
            {
              movie_plot_id: -2,
              parent_id: -1,
              movie_content_id: bridge,
              locked: '0',
              decision_seconds: 12,
              default_option_id: -4,
            },
            {
              movie_plot_id: -3,
              parent_id: -2,
              movie_content_id: left,
              locked: '0',
              condition: scoreAbove,
            },
            { movie_plot_id: -4, parent_id: -2, movie_content_id: right, locked: '0' },
            {
              movie_plot_id: -5,
              parent_id: -3,
              movie_content_id: bridge,
              locked: '0',
              goto_id: -4,
            },
          ],
        },
      },
    );
    expect(saved.status).toBe(200);
    const [a, x, l, y, r] = saved.body.data.map((n) => n.movie_plot_id);
    const playing = await preview(draft.movieId);
    expect(playing.body.data.variables).toEqual(variables);
    expect(playing.body.data.plot).toEqual([
      {
        ...NO_NODE_LOGIC,
        id: a,
        movie_content_id: opening,
        parent_id: null,
        banners: [],
        effects: [{ variable: 'score', op: 'add', value: 1 }],
      },
      {
        ...NO_NODE_LOGIC,
        id: x,
        movie_content_id: bridge,
        parent_id: a,
        banners: [],
        decision_seconds: 12,
        default_option_id: r,
      },
      {
        ...NO_NODE_LOGIC,
        id: l,
        movie_content_id: left,
        parent_id: x,
        banners: [],
        condition: scoreAbove,
      },
      { ...NO_NODE_LOGIC, id: y, movie_content_id: bridge, parent_id: l, banners: [], goto_id: r },
      { ...NO_NODE_LOGIC, id: r, movie_content_id: right, parent_id: x, banners: [] },
    ]);

    // The right clip cannot play yet: the preview leaves it out, and what names it.
    await server.db
      .update(movieContents)
      .set({ status: 'processing', hlsKey: null, thumbnailKey: null })
      .where(eq(movieContents.id, right));
    const cut = await preview(draft.movieId);
    expect(cut.body.data.plot.map((node) => node.id)).toEqual([a, x, l, y]);
    expect(cut.body.data.plot[1]).toMatchObject({ decision_seconds: 12, default_option_id: null });
    expect(cut.body.data.plot[3]!.goto_id).toBeNull();
  });

  it('is 400, 401, 403 and 404 for those who may not read the project', async () => {
    expect((await preview('abc')).status).toBe(400);
    expect((await preview(story.movieId, null)).status).toBe(401);
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    expect((await preview(story.movieId, await server.signIn(staff))).status).toBe(403);
    const theirs = await preview(story.movieId, strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    expect((await preview(999_999)).status).toBe(404);
  });
});
