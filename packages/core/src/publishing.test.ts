import { describe, expect, it } from 'vitest';
import {
  decodeStateParam,
  encodeStateParam,
  publishBlockers,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  suggestSlug,
  watchUrl,
} from './publishing.ts';

describe('slugs', () => {
  it('suggests one from a title: accents dropped, other signs turned into single dashes', () => {
    expect(suggestSlug('The Fork in the Road')).toBe('the-fork-in-the-road');
    expect(suggestSlug('  Café — Noël!! 2 ')).toBe('cafe-noel-2');
    expect(suggestSlug('طريق')).toBe('');
  });

  it('cuts a long title at a dash, within the limit', () => {
    const slug = suggestSlug('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^word(-word)+$/);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});

describe('watchUrl', () => {
  it('puts the slug under /watch of the public address, with the client when there is one', () => {
    expect(watchUrl('https://plotline.example', 'the-fork')).toBe(
      'https://plotline.example/watch/the-fork',
    );
    expect(watchUrl('http://localhost:8080/', 'the-fork', 'Acme & Co')).toBe(
      'http://localhost:8080/watch/the-fork?client_name=Acme+%26+Co',
    );
  });
});

describe('publishBlockers', () => {
  const complete = {
    title: 'The fork',
    thumbnailMobile: 'm.png',
    thumbnailDesktop: 'd.png',
    slug: 'the-fork',
  };

  it('lets a project with title, both thumbnails and a slug be published', () => {
    expect(publishBlockers(complete)).toEqual([]);
  });

  it('names each missing piece of §5', () => {
    expect(
      publishBlockers({ title: ' ', thumbnailMobile: null, thumbnailDesktop: null, slug: null }),
    ).toEqual(['title', 'thumbnailMobile', 'thumbnailDesktop', 'slug']);
    expect(publishBlockers({ ...complete, slug: '' })).toEqual(['slug']);
  });
});

describe('the preview state parameter', () => {
  it('carries a viewing state as base64url JSON and reads it back', () => {
    const state = { node_id: 7, values: { score: -3, met_alex: true }, history: [1, 4] };
    const param = encodeStateParam(state);
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeStateParam(param)).toEqual(state);
  });

  it('reads what is not base64url JSON as nothing', () => {
    expect(decodeStateParam('not base64 json')).toBeNull();
    expect(decodeStateParam(btoa('{"node_id":'))).toBeNull();
  });
});
