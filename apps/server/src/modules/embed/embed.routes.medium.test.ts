import { formatMessage, MESSAGES, type OembedVideo, type Project } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

const { server, make, owner, strangerToken } = await startProjectSuite();

const save = (body: unknown, token = owner.token) =>
  server.request<Envelope<{ movieId: number }>>('POST', '/api/movie', { token, body });
const originsOf = async (movieId: number) =>
  (await server.request<Envelope<Project>>('GET', `/api/movie/${movieId}`, { token: owner.token }))
    .body.data.embed_origins;
const oembed = (query: Record<string, string>) =>
  server.request<OembedVideo & { message?: string }>(
    'GET',
    `/api/oembed?${new URLSearchParams(query).toString()}`,
  );

/** A published story of `viewMode`, with the given sites allowed to frame it. */
async function publishedStory(
  viewMode: 'horizontal' | 'vertical',
  fields: Record<string, unknown> = {},
): Promise<{ movieId: number; slug: string }> {
  const movieId = await make.makeProject(owner.token, {
    title: 'The <fork> & "spoon"',
    view_mode: viewMode,
  });
  const slug = `embedded-${movieId}`;
  expect((await save({ movieId, slug, ...fields })).status).toBe(200);
  await make.setPublished(movieId);
  return { movieId, slug };
}

describe('embed_origins (step 4)', () => {
  it('is empty by default, and saved normalised: origins once each, or any site', async () => {
    const movieId = await make.makeProject(owner.token);
    expect(await originsOf(movieId)).toEqual([]);
    const saved = await save({
      movieId,
      embed_origins: ['HTTPS://Example.COM:443/', 'http://localhost:8080', 'https://example.com'],
    });
    expect(saved.status).toBe(200);
    expect(await originsOf(movieId)).toEqual(['https://example.com', 'http://localhost:8080']);
    // Other step 4 fields leave it be.
    expect((await save({ movieId, shareable: 0 })).status).toBe(200);
    expect(await originsOf(movieId)).toEqual(['https://example.com', 'http://localhost:8080']);
    expect((await save({ movieId, embed_origins: ['*'] })).status).toBe(200);
    expect(await originsOf(movieId)).toEqual(['*']);
    expect((await save({ movieId, embed_origins: [] })).status).toBe(200);
    expect(await originsOf(movieId)).toEqual([]);
  });

  it('refuses what is not an origin, too many, and any site beside others, changing nothing', async () => {
    const movieId = await make.makeProject(owner.token);
    await save({ movieId, embed_origins: ['https://kept.example'] });
    const cases: [unknown, string][] = [
      [['https://example.com/page'], MESSAGES.embedOriginFormat],
      [['ftp://example.com'], MESSAGES.embedOriginFormat],
      [['example.com'], MESSAGES.embedOriginFormat],
      [['https://user:secret@example.com'], MESSAGES.embedOriginFormat],
      [['https://example.com?x=1'], MESSAGES.embedOriginFormat],
      [['javascript:alert(1)'], MESSAGES.embedOriginFormat],
      [
        Array.from({ length: 21 }, (_, index) => `https://site${index}.example`),
        MESSAGES.embedOriginsTooMany,
      ],
      [['*', 'https://example.com'], MESSAGES.embedAnyOriginAlone],
      ['https://example.com', 'embed_origins'],
      [[42], 'embed_origins'],
    ];
    for (const [origins, message] of cases) {
      const response = await save({ movieId, embed_origins: origins });
      expect(response.status, JSON.stringify(origins)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect(await originsOf(movieId)).toEqual(['https://kept.example']);
  });

  it('refuses an entry that is no origin by name: nothing of it could reach the header', async () => {
    const movieId = await make.makeProject(owner.token);
    await save({ movieId, embed_origins: ['https://kept.example'] });
    for (const entry of [
      'https://a.example; script-src *',
      'https://a.example,https://b.example',
      'https://"a.example"',
      "'self'",
      'https://a*.example',
      'https://a.example:99999',
      'https://a.example\u0007',
    ]) {
      const response = await save({
        movieId,
        embed_origins: ['https://fine.example', entry],
      });
      expect(response.status, entry).toBe(400);
      expect(response.body.message).toBe(
        `embed_origins.1: ${formatMessage(MESSAGES.embedOriginRefused, {
          origin: JSON.stringify(entry),
          reason: MESSAGES.embedOriginFormat,
        })}`,
      );
    }
    expect(await originsOf(movieId)).toEqual(['https://kept.example']);
    // A leading *. label is an origin.
    expect((await save({ movieId, embed_origins: ['HTTPS://*.Example.com'] })).status).toBe(200);
    expect(await originsOf(movieId)).toEqual(['https://*.example.com']);
  });

  it("is the company's: a stranger cannot set it", async () => {
    const movieId = await make.makeProject(owner.token);
    const response = await save({ movieId, embed_origins: ['*'] }, strangerToken);
    expect([403, 404]).toContain(response.status);
    expect(await originsOf(movieId)).toEqual([]);
  });

  it('is kept by a published project, and a published project refuses changes to it', async () => {
    const { movieId } = await publishedStory('horizontal', {
      embed_origins: ['https://a.example'],
    });
    expect(await originsOf(movieId)).toEqual(['https://a.example']);
    expect((await save({ movieId, embed_origins: ['*'] })).status).toBe(409);
    expect(await originsOf(movieId)).toEqual(['https://a.example']);
  });
});

describe('GET /api/oembed', () => {
  it("answers a story's /watch or /embed address per oEmbed 1.0, JSON of type video", async () => {
    const { slug } = await publishedStory('horizontal');
    for (const url of [`http://studio.test/watch/${slug}`, `http://studio.test/embed/${slug}/`]) {
      const response = await oembed({ url, format: 'json' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body).toEqual({
        type: 'video',
        version: '1.0',
        title: 'The <fork> & "spoon"',
        provider_name: 'Plotline',
        provider_url: 'http://studio.test/',
        width: 640,
        height: 360,
        html:
          `<iframe src="http://studio.test/embed/${slug}" title="The &lt;fork&gt; &amp; &quot;spoon&quot;" ` +
          'width="640" height="360" style="border:0" allow="autoplay; fullscreen" allowfullscreen></iframe>',
      });
    }
  });

  it("names the thumbnail of the story's view mode, absolute, with its size", async () => {
    const { movieId, slug } = await publishedStory('vertical');
    await make.setPublished(movieId, false);
    const mobile = await make.uploadThumbnail(owner.token, movieId, 'thumbnailMobile');
    await make.uploadThumbnail(owner.token, movieId, 'thumbnailDesktop');
    await make.setPublished(movieId);
    const response = await oembed({ url: `http://studio.test/watch/${slug}` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      thumbnail_url: new URL(mobile, 'http://studio.test').toString(),
      thumbnail_width: 320,
      thumbnail_height: 180,
    });
    expect(response.body.thumbnail_url).toMatch(/^http:\/\/studio\.test\//);
  });

  it("keeps the size within maxwidth and maxheight, at the view mode's aspect ratio", async () => {
    const vertical = await publishedStory('vertical');
    const url = `http://studio.test/watch/${vertical.slug}`;
    expect((await oembed({ url })).body).toMatchObject({ width: 360, height: 640 });
    expect((await oembed({ url, maxheight: '320' })).body).toMatchObject({
      width: 180,
      height: 320,
    });
    expect((await oembed({ url, maxwidth: '90', maxheight: '1000' })).body).toMatchObject({
      width: 90,
      height: 160,
    });
    const wide = await publishedStory('horizontal');
    const wideUrl = `http://studio.test/watch/${wide.slug}`;
    const small = (await oembed({ url: wideUrl, maxwidth: '320', maxheight: '320' })).body;
    expect(small).toMatchObject({ width: 320, height: 180 });
    expect(small.html).toContain('width="320" height="180"');
  });

  it('404 for a story unknown, unpublished or not shareable; 400 for another address; 501 for xml', async () => {
    const draft = await make.makeProject(owner.token);
    await save({ movieId: draft, slug: `draft-${draft}` });
    const hidden = await publishedStory('horizontal', { shareable: 0 });
    for (const slug of [`draft-${draft}`, hidden.slug, 'no-such-story']) {
      const response = await oembed({ url: `http://studio.test/watch/${slug}` });
      expect(response.status, slug).toBe(404);
      expect(response.body.message).toBe(MESSAGES.watchNotFound);
    }
    const { slug } = await publishedStory('horizontal');
    for (const url of [
      `https://elsewhere.test/watch/${slug}`,
      'http://studio.test/app/project-list',
      `http://studio.test/watch/preview/${draft}`,
      'not a url',
    ]) {
      const response = await oembed({ url });
      expect(response.status, url).toBe(400);
      expect(response.body.message).toBe(MESSAGES.oembedUrlNotOurs);
    }
    const xml = await oembed({ url: `http://studio.test/watch/${slug}`, format: 'xml' });
    expect(xml.status).toBe(501);
    expect((await oembed({})).status).toBe(400);
    expect(
      (await oembed({ url: `http://studio.test/watch/${slug}`, maxwidth: 'wide' })).status,
    ).toBe(400);
  });
});
