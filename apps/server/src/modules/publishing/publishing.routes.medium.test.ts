import {
  MESSAGES,
  type NodeLogic,
  type PathsConfirmed,
  type Project,
  type PublishResult,
  type StoryVariable,
  type WatchData,
} from '@plotline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { movieContents, moviePlots, movies } from '../../db/schema/index.ts';
import { saveNode, startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

let slugs = 0;
/** A slug no other test of this file uses. */
const freshSlug = () => `story-${++slugs}-${Date.now().toString(36)}`;

const saveSettings = (body: unknown, token: string | null = owner.token) =>
  server.request<Envelope<{ movieId: number }>>('POST', '/api/movie', {
    token: token ?? undefined,
    body,
  });
const getProject = (movieId: number, token = owner.token) =>
  server.request<Envelope<Project>>('GET', `/api/movie/${movieId}`, { token });
const publish = (movieId: number | string, token: string | null = owner.token) =>
  server.request<Envelope<PublishResult>>('POST', `/api/movie/${movieId}/publish`, {
    token: token ?? undefined,
  });

describe('POST /api/movie with the publication settings (no type)', () => {
  it('changes only the fields sent, shows them with the watch URL, and logs it', async () => {
    const movieId = await make.makeProject(owner.token);
    const slug = freshSlug();
    const saved = await saveSettings({ movieId, slug, app_channel_on: 1 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ data: { movieId } });
    expect((await getProject(movieId)).body.data).toMatchObject({
      slug,
      watch_url: `${server.publicUrl}/watch/${slug}`,
      app_channel_on: 1,
      shareable: 1,
      primaryLanguageId: null,
      published_at: null,
      status: 'draft',
      title: 'A project',
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.publication_saved',
      entityType: 'movie',
      entityId: String(movieId),
      summary: 'Saved the publication settings (slug, app_channel_on)',
    });

    expect((await saveSettings({ movieId, shareable: 0 })).status).toBe(200);
    expect((await getProject(movieId)).body.data).toMatchObject({
      slug,
      app_channel_on: 1,
      shareable: 0,
    });
  });

  it('keeps its own slug on a second save, and trims it', async () => {
    const movieId = await make.makeProject(owner.token);
    const slug = freshSlug();
    expect((await saveSettings({ movieId, slug: ` ${slug} ` })).status).toBe(200);
    expect((await saveSettings({ movieId, slug })).status).toBe(200);
    expect((await getProject(movieId)).body.data.slug).toBe(slug);
  });

  it('refuses a malformed slug and unknown fields with 400, in the spec words', async () => {
    const movieId = await make.makeProject(owner.token);
    for (const slug of ['The-Fork', 'fork--road', '-fork', 'fork road', '../x', '']) {
      const response = await saveSettings({ movieId, slug });
      expect(response.status, slug).toBe(400);
    }
    expect((await saveSettings({ movieId, slug: 'The-Fork' })).body.message).toBe(
      `slug: ${MESSAGES.slugFormat}`,
    );
    expect((await saveSettings({ movieId, shareable: 2 })).status).toBe(400);
    expect((await saveSettings({ movieId, shareable: true })).status).toBe(400);
    expect((await saveSettings({ movieId, status: 'published' })).status).toBe(400);
    expect((await saveSettings({ slug: freshSlug() })).status).toBe(400);
    expect((await getProject(movieId)).body.data).toMatchObject({ slug: null, shareable: 1 });
  });

  it("refuses another project's slug with 409, whatever its company", async () => {
    const slug = freshSlug();
    const first = await make.makeProject(owner.token);
    expect((await saveSettings({ movieId: first, slug })).status).toBe(200);

    const second = await make.makeProject(owner.token);
    const taken = await saveSettings({ movieId: second, slug, shareable: 0 });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.slugTaken);
    // Nothing of the refused save was kept.
    expect((await getProject(second)).body.data).toMatchObject({ slug: null, shareable: 1 });

    const theirs = await make.makeProject(strangerToken);
    const elsewhere = await saveSettings({ movieId: theirs, slug }, strangerToken);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(MESSAGES.slugTaken);
  });

  it('gives a slug to one of many projects saving it at once', async () => {
    const slug = freshSlug();
    const projects = await Promise.all(
      Array.from({ length: 6 }, () => make.makeProject(owner.token)),
    );
    const answers = await Promise.all(projects.map((movieId) => saveSettings({ movieId, slug })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((answer) => answer.status === 409)) {
      expect(answer.body.message).toBe(MESSAGES.slugTaken);
    }
    const holders = await server.db
      .select({ id: movies.id })
      .from(movies)
      .where(eq(movies.slug, slug));
    expect(holders).toHaveLength(1);
  });

  it("takes a primary language of the project's clips and bridges, or null", async () => {
    const movieId = await make.makeProject(owner.token);
    const clip = await make.readyItem(movieId, 1, 10);
    const caption = await server.request('POST', '/api/movie-content/lang', {
      token: owner.token,
      body: { movie_content_id: clip, language_id: 3, caption: 'Los' },
    });
    expect(caption.status).toBe(200);

    expect((await saveSettings({ movieId, primaryLanguageId: 3 })).status).toBe(200);
    expect((await getProject(movieId)).body.data.primaryLanguageId).toBe(3);

    const unused = await saveSettings({ movieId, primaryLanguageId: 4 });
    expect(unused.status).toBe(400);
    expect(unused.body.message).toBe(MESSAGES.languageNotUsed);
    const unknown = await saveSettings({ movieId, primaryLanguageId: 99 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`primaryLanguageId: ${MESSAGES.unknownLanguage}`);
    expect((await getProject(movieId)).body.data.primaryLanguageId).toBe(3);

    expect((await saveSettings({ movieId, primaryLanguageId: null })).status).toBe(200);
    expect((await getProject(movieId)).body.data.primaryLanguageId).toBeNull();
  });

  it('is 401, 403, 404 and 409 where they belong', async () => {
    const movieId = await make.makeProject(owner.token);
    expect((await saveSettings({ movieId, shareable: 0 }, null)).status).toBe(401);
    expect((await saveSettings({ movieId, shareable: 0 }, analystToken)).status).toBe(403);
    const theirs = await saveSettings({ movieId, shareable: 0 }, strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    expect((await saveSettings({ movieId: 999_999, shareable: 0 })).status).toBe(404);

    await make.setPublished(movieId);
    const published = await saveSettings({ movieId, shareable: 0 });
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(MESSAGES.projectPublished);
    expect((await getProject(movieId)).body.data.shareable).toBe(1);
  });
});

describe('POST /api/movie/{movieId}/publish', () => {
  it('publishes a complete story for good, answers its address and logs it', async () => {
    const slug = freshSlug();
    const story = await make.makeStory(owner.token, slug);
    const before = server.clock.now();
    const response = await publish(story.movieId);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({
      slug,
      url: `${server.publicUrl}/watch/${slug}`,
      published_at: before.toISOString(),
    });
    expect((await getProject(story.movieId)).body.data).toMatchObject({
      status: 'published',
      slug,
      watch_url: `${server.publicUrl}/watch/${slug}`,
      published_at: before.toISOString(),
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.published',
      entityType: 'movie',
      entityId: String(story.movieId),
      summary: `Published the project at ${server.publicUrl}/watch/${slug}`,
    });

    const again = await publish(story.movieId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.projectPublished);
  });

  it("refuses with §5's message while a title, a thumbnail or the slug is missing", async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    const without = async (change: Partial<typeof movies.$inferInsert>) => {
      const [previous] = await server.db
        .select({
          title: movies.title,
          thumbnailMobile: movies.thumbnailMobile,
          thumbnailDesktop: movies.thumbnailDesktop,
          slug: movies.slug,
        })
        .from(movies)
        .where(eq(movies.id, story.movieId));
      await server.db.update(movies).set(change).where(eq(movies.id, story.movieId));
      const response = await publish(story.movieId);
      await server.db.update(movies).set(previous!).where(eq(movies.id, story.movieId));
      return response;
    };
    for (const change of [
      { title: ' ' },
      { thumbnailMobile: null },
      { thumbnailDesktop: null },
      { slug: null },
    ]) {
      const response = await without(change);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(MESSAGES.publishIncomplete);
    }
    expect((await getProject(story.movieId)).body.data.status).toBe('draft');
    expect((await publish(story.movieId)).status).toBe(200);
  });

  it('needs a storyline, and every clip and bridge of it transcoded', async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    // An item outside the plot may still be transcoding: it is not shown.
    await server.db
      .update(movieContents)
      .set({ status: 'processing' })
      .where(eq(movieContents.id, story.items.outtake));
    await server.db
      .update(movieContents)
      .set({ status: 'playable', thumbnailKey: null })
      .where(eq(movieContents.id, story.items.right));
    const unready = await publish(story.movieId);
    expect(unready.status).toBe(400);
    expect(unready.body.message).toBe(MESSAGES.publishNotReady);

    await server.db.delete(moviePlots).where(eq(moviePlots.movieId, story.movieId));
    const empty = await publish(story.movieId);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.plotEmpty);
    expect((await getProject(story.movieId)).body.data.status).toBe('draft');
  });

  it('publishes once when asked twice at once', async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    const answers = await Promise.all([publish(story.movieId), publish(story.movieId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('is 400, 401, 403 and 404 where they belong', async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    expect((await publish('abc')).status).toBe(400);
    expect((await publish(story.movieId, null)).status).toBe(401);
    expect((await publish(story.movieId, analystToken)).status).toBe(403);
    const theirs = await publish(story.movieId, strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    expect((await publish(999_999)).status).toBe(404);
    expect((await getProject(story.movieId)).body.data.status).toBe('draft');
  });
});

describe('POST /api/movie/{movieId}/publish and the story check', () => {
  /** Replaces the story's storyline (saved once by makeStory) with `plots` and `variables`. */
  async function saveStoryline(
    story: ProjectStory,
    version: number,
    variables: StoryVariable[],
    plots: ReturnType<typeof saveNode>[],
  ) {
    const saved = await server.request<{ version: number }>('POST', '/api/movie-plot', {
      token: owner.token,
      body: { movie_id: story.movieId, version, variables, plots },
    });
    expect(saved.status, saved.text).toBe(200);
    return saved.body.version;
  }

  it('refuses while no path reaches a plot, and publishes once one does', async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    const { opening, bridge, left, right } = story.items;
    const variables: StoryVariable[] = [{ name: 'score', kind: 'number', start: 0 }];
    // An automatic branch whose first option always holds: its fallback is never taken.
    const plot = (bridgeLogic: Partial<NodeLogic>) => [
      saveNode(-1, null, opening),
      saveNode(-2, -1, bridge, bridgeLogic),
      saveNode(-3, -2, left, {
        condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value: 0 }] },
      }),
      saveNode(-4, -2, right),
    ];
    const version = await saveStoryline(
      story,
      1,
      variables,
      plot({ branch: 'auto', default_option_id: -4 }),
    );
    const refused = await publish(story.movieId);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.storyCheckFailed);
    expect((await getProject(story.movieId)).body.data.status).toBe('draft');

    // The viewer chooses instead: both options are shown.
    await saveStoryline(story, version, variables, plot({}));
    const published = await publish(story.movieId);
    expect(published.status, published.text).toBe(200);
  });

  it("refuses while a path leaves a viewer without a shown option, and publishes once fixed; the player's data carries the logic", async () => {
    const slug = freshSlug();
    const story = await make.makeStory(owner.token, slug);
    const { opening, bridge, left, right } = story.items;
    const variables: StoryVariable[] = [{ name: 'met_alex', kind: 'flag', start: false }];
    const metAlex = {
      join: 'and' as const,
      clauses: [{ variable: 'met_alex', op: 'eq' as const, value: true }],
    };
    // Left meets Alex; right continues at the same clip M without. After M, the only option
    // asks for Alex: on the right's path, nothing is shown there.
    const plot = (extra: ReturnType<typeof saveNode>[]) => [
      saveNode(-1, null, opening),
      saveNode(-2, -1, bridge, { decision_seconds: 8, default_option_id: -4 }),
      saveNode(-3, -2, left, { effects: [{ variable: 'met_alex', op: 'set', value: true }] }),
      saveNode(-4, -2, right),
      saveNode(-5, -3, bridge),
      saveNode(-6, -5, opening),
      saveNode(-7, -4, bridge, { goto_id: -6 }),
      saveNode(-8, -6, bridge),
      saveNode(-9, -8, left, { condition: metAlex }),
      ...extra,
    ];
    const version = await saveStoryline(story, 1, variables, plot([]));
    const refused = await publish(story.movieId);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.storyCheckFailed);

    await saveStoryline(story, version, variables, plot([saveNode(-10, -8, right)]));
    const published = await publish(story.movieId);
    expect(published.status, published.text).toBe(200);

    const watched = await server.request<Envelope<WatchData>>('GET', `/api/watch/${slug}`);
    expect(watched.status, watched.text).toBe(200);
    const { plot: nodes, variables: shown } = watched.body.data;
    expect(shown).toEqual(variables);
    const at = (index: number) => nodes[index]!;
    expect(nodes.map((n) => n.movie_content_id)).toEqual([
      opening,
      bridge,
      left,
      bridge,
      opening,
      bridge,
      left,
      right,
      right,
      bridge,
    ]);
    expect(at(1)).toMatchObject({ decision_seconds: 8, default_option_id: at(8).id });
    expect(at(2).effects).toEqual([{ variable: 'met_alex', op: 'set', value: true }]);
    expect(at(6)).toMatchObject({ condition: metAlex, branch: 'choice' });
    expect(at(9).goto_id).toBe(at(4).id);
  });
});

describe('a story past the story check’s bound, and the confirmation that its paths were played', () => {
  const confirm = (movieId: number | string, body: unknown, token: string | null = owner.token) =>
    server.request<Envelope<PathsConfirmed>>('PUT', `/api/movie/${movieId}/paths-confirmed`, {
      token: token ?? undefined,
      body,
    });
  const variables: StoryVariable[] = [{ name: 'score', kind: 'number', start: 0 }];

  /**
   * The story's storyline made endless for the check: at the bridge, one option adds 1 and comes
   * back, another takes 2 and comes back, so every score is a state of its own; the third ends
   * it once the score reaches 1,000. Answers the new version.
   */
  async function saveEndless(story: ProjectStory, version: number): Promise<number> {
    const { opening, bridge, left, right } = story.items;
    const saved = await server.request<{ version: number }>('POST', '/api/movie-plot', {
      token: owner.token,
      body: {
        movie_id: story.movieId,
        version,
        variables,
        plots: [
          saveNode(-1, null, opening),
          saveNode(-2, -1, bridge),
          saveNode(-3, -2, left, {
            effects: [{ variable: 'score', op: 'add', value: 1 }],
            goto_id: -2,
          }),
          saveNode(-4, -2, right, {
            effects: [{ variable: 'score', op: 'add', value: -2 }],
            goto_id: -2,
          }),
          saveNode(-5, -2, left, {
            condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value: 1_000 }] },
          }),
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    return saved.body.version;
  }

  it('refuses to publish with the reason until the current version is confirmed, and again after a save', async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    const first = await saveEndless(story, 1);
    const refused = await publish(story.movieId);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.storyPathsUnconfirmed);
    expect((await getProject(story.movieId)).body.data).toMatchObject({
      status: 'draft',
      paths_confirmed_version: null,
    });

    const before = server.clock.now();
    const confirmed = await confirm(story.movieId, { version: first });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data).toEqual({
      paths_confirmed_version: first,
      paths_confirmed_at: before.toISOString(),
    });
    expect(await make.lastActivityOf(owner.id)).toMatchObject({
      action: 'movie.paths-confirmed',
      entityType: 'movie',
      entityId: String(story.movieId),
      summary: `Confirmed having played the story's paths (storyline version ${first})`,
    });
    const [row] = await server.db
      .select({
        version: movies.pathsConfirmedVersion,
        at: movies.pathsConfirmedAt,
        by: movies.pathsConfirmedBy,
      })
      .from(movies)
      .where(eq(movies.id, story.movieId));
    expect(row).toEqual({ version: first, at: before, by: owner.id });
    expect((await getProject(story.movieId)).body.data.paths_confirmed_version).toBe(first);

    // A save makes another storyline, whose paths nobody has confirmed.
    const second = await saveEndless(story, first);
    const again = await publish(story.movieId);
    expect(again.status, again.text).toBe(400);
    expect(again.body.message).toBe(MESSAGES.storyPathsUnconfirmed);

    expect((await confirm(story.movieId, { version: second })).status).toBe(200);
    const published = await publish(story.movieId);
    expect(published.status, published.text).toBe(200);
    const afterwards = await confirm(story.movieId, { version: second });
    expect(afterwards.status).toBe(409);
    expect(afterwards.body.message).toBe(MESSAGES.projectPublished);
  });

  it('refuses a version other than the current one with 409, and changes nothing', async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    const current = await saveEndless(story, 1);
    for (const version of [current - 1, current + 1]) {
      const stale = await confirm(story.movieId, { version });
      expect(stale.status, stale.text).toBe(409);
      expect(stale.body.message).toBe(MESSAGES.pathsConfirmStale);
    }
    expect((await getProject(story.movieId)).body.data.paths_confirmed_version).toBeNull();
  });

  it('is 400, 401, 403 and 404 where they belong', async () => {
    const story = await make.makeStory(owner.token, freshSlug());
    for (const body of [
      {},
      { version: -1 },
      { version: 1.5 },
      { version: '1' },
      { version: 1, confirmed: true },
      null,
    ]) {
      const response = await confirm(story.movieId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await confirm('abc', { version: 1 })).status).toBe(400);
    expect((await confirm(story.movieId, { version: 1 }, null)).status).toBe(401);
    expect((await confirm(story.movieId, { version: 1 }, analystToken)).status).toBe(403);
    const theirs = await confirm(story.movieId, { version: 1 }, strangerToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.projectNotFound);
    expect((await confirm(999_999, { version: 1 })).status).toBe(404);
    expect((await getProject(story.movieId)).body.data.paths_confirmed_version).toBeNull();
  });
});
