import { MESSAGES } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makeProject } from '../../../test/fixtures.ts';
import {
  playerFrameUrl,
  publicationChanges,
  publicationValues,
  publishNeeds,
  shownWatchUrl,
  slugProblem,
} from './publication-form.ts';

const SITE = 'https://studio.plotline.example';

describe('publicationValues', () => {
  it('suggests a slug from the title while the project has none', () => {
    expect(publicationValues(makeProject({ title: 'The Forest at Dawn!' }))).toEqual({
      slug: 'the-forest-at-dawn',
      app_channel_on: false,
      shareable: true,
      embed_origins: [],
    });
  });

  it('keeps the saved slug, switches and embedding sites', () => {
    const project = makeProject({
      slug: 'my-forest',
      app_channel_on: 1,
      shareable: 0,
      embed_origins: ['https://a.example'],
    });
    expect(publicationValues(project)).toEqual({
      slug: 'my-forest',
      app_channel_on: true,
      shareable: false,
      embed_origins: ['https://a.example'],
    });
  });

  it('suggests nothing for a title without Latin letters or digits', () => {
    expect(publicationValues(makeProject({ title: 'الغابة' })).slug).toBe('');
  });
});

describe('slugProblem', () => {
  it("answers core's message for a slug that is not lowercase letters, digits and dashes", () => {
    expect(slugProblem('The Forest', null)).toBe(MESSAGES.slugFormat);
    expect(slugProblem('forest--2', null)).toBe(MESSAGES.slugFormat);
    expect(slugProblem('forest-2', null)).toBeNull();
  });

  it('lets the field be empty only until a slug is saved', () => {
    expect(slugProblem('', null)).toBeNull();
    expect(slugProblem('  ', 'forest')).toBe(MESSAGES.required);
  });
});

describe('publicationChanges', () => {
  const project = makeProject({ movieId: 5, slug: 'forest', app_channel_on: 0, shareable: 1 });

  it('sends only what differs from the saved project', () => {
    expect(
      publicationChanges(project, {
        slug: 'forest',
        app_channel_on: true,
        shareable: true,
        embed_origins: [],
      }),
    ).toEqual({ movieId: 5, app_channel_on: 1 });
    expect(
      publicationChanges(project, {
        slug: ' new-forest ',
        app_channel_on: false,
        shareable: false,
        embed_origins: [],
      }),
    ).toEqual({ movieId: 5, slug: 'new-forest', shareable: 0 });
    expect(
      publicationChanges(project, {
        slug: 'forest',
        app_channel_on: false,
        shareable: true,
        embed_origins: ['https://a.example', 'https://b.example'],
      }),
    ).toEqual({ movieId: 5, embed_origins: ['https://a.example', 'https://b.example'] });
    const embedded = makeProject({ ...project, embed_origins: ['*'] });
    expect(
      publicationChanges(embedded, {
        slug: 'forest',
        app_channel_on: false,
        shareable: true,
        embed_origins: ['*'],
      }),
    ).toBeNull();
  });

  it('has nothing to send when nothing differs or the slug is not valid', () => {
    expect(
      publicationChanges(project, {
        slug: 'forest',
        app_channel_on: false,
        shareable: true,
        embed_origins: [],
      }),
    ).toBeNull();
    expect(
      publicationChanges(project, {
        slug: 'Forest',
        app_channel_on: true,
        shareable: true,
        embed_origins: [],
      }),
    ).toBeNull();
  });

  it('sends a suggested slug, which is not saved yet', () => {
    const fresh = makeProject({ movieId: 5, title: 'The forest' });
    expect(publicationChanges(fresh, publicationValues(fresh))).toEqual({
      movieId: 5,
      slug: 'the-forest',
    });
  });

  it('sends the switches without a slug while none is chosen', () => {
    const fresh = makeProject({ movieId: 5 });
    expect(
      publicationChanges(fresh, {
        slug: '',
        app_channel_on: false,
        shareable: false,
        embed_origins: [],
      }),
    ).toEqual({ movieId: 5, shareable: 0 });
  });
});

describe('publishNeeds', () => {
  it('counts the typed slug when it is valid (Publish saves it first)', () => {
    const project = makeProject();
    expect(publishNeeds(project, publicationValues(project))).toEqual([]);
    expect(
      publishNeeds(project, {
        slug: '',
        app_channel_on: false,
        shareable: true,
        embed_origins: [],
      }),
    ).toEqual(['slug']);
    expect(
      publishNeeds(project, {
        slug: 'Not valid',
        app_channel_on: false,
        shareable: true,
        embed_origins: [],
      }),
    ).toEqual(['slug']);
  });

  it('names a missing title and thumbnails (§5)', () => {
    const project = makeProject({ title: ' ', thumbnailMobile: null, thumbnailDesktop: null });
    expect(
      publishNeeds(project, {
        slug: 'x',
        app_channel_on: false,
        shareable: true,
        embed_origins: [],
      }),
    ).toEqual(['title', 'thumbnailMobile', 'thumbnailDesktop']);
  });
});

describe('shownWatchUrl', () => {
  it("shows the server's address for the saved slug", () => {
    const project = makeProject({
      slug: 'forest',
      watch_url: 'https://watch.example/watch/forest',
    });
    expect(shownWatchUrl(project, publicationValues(project), SITE)).toBe(
      'https://watch.example/watch/forest',
    );
  });

  it("builds the address a typed slug will have on the server's watch site", () => {
    const project = makeProject({
      slug: 'forest',
      watch_url: 'https://watch.example/watch/forest',
    });
    const values = { slug: 'dawn', app_channel_on: false, shareable: true, embed_origins: [] };
    expect(shownWatchUrl(project, values, SITE)).toBe('https://watch.example/watch/dawn');
    expect(shownWatchUrl(project, { ...values, slug: 'Dawn' }, SITE)).toBeNull();
  });

  it("builds it on the studio's own site while the server has named none", () => {
    const values = { slug: 'dawn', app_channel_on: false, shareable: true, embed_origins: [] };
    expect(shownWatchUrl(makeProject(), values, SITE)).toBe(`${SITE}/watch/dawn`);
  });
});

describe('playerFrameUrl', () => {
  it("plays a draft's preview, forcing the phone layout on Mobile", () => {
    const draft = makeProject({ movieId: 5, slug: 'forest' });
    expect(playerFrameUrl(draft, 'desktop')).toBe('/watch/preview/5');
    expect(playerFrameUrl(draft, 'mobile')).toBe('/watch/preview/5?forceMobile=true');
  });

  it('plays the published project at its address', () => {
    const published = makeProject({ status: 'published', slug: 'forest' });
    expect(playerFrameUrl(published, 'mobile')).toBe('/watch/forest?forceMobile=true');
  });
});
