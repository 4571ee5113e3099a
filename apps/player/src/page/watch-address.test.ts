import { describe, expect, it } from 'vitest';
import { forcesMobile, shareUrl, watchAddressOf } from './watch-address.ts';

describe('watchAddressOf', () => {
  it('reads an embed page of a published slug, and nothing else under /embed', () => {
    expect(watchAddressOf('/embed/the-fork')).toEqual({
      kind: 'published',
      slug: 'the-fork',
      embed: true,
    });
    expect(watchAddressOf('/embed/the-fork/')).toMatchObject({ slug: 'the-fork', embed: true });
    for (const pathname of ['/embed/', '/embed/preview/12', '/embed/a/b', '/embed']) {
      expect(watchAddressOf(pathname), pathname).toBeNull();
    }
  });

  it('reads a published slug and a preview id', () => {
    expect(watchAddressOf('/watch/the-fork')).toEqual({ kind: 'published', slug: 'the-fork' });
    expect(watchAddressOf('/watch/the-fork/')).toEqual({ kind: 'published', slug: 'the-fork' });
    expect(watchAddressOf('/watch/preview/12')).toEqual({ kind: 'preview', movieId: 12 });
  });

  it('reads nothing from other paths', () => {
    for (const path of [
      '/',
      '/watch',
      '/watch/',
      '/watch/a/b',
      '/watch/preview/0',
      '/watch/preview/x',
      '/app/watch/a',
      '/watch/%E0',
    ]) {
      expect(watchAddressOf(path), path).toBeNull();
    }
  });
});

describe('forcesMobile', () => {
  it('is on with forceMobile=true only', () => {
    expect(forcesMobile('?forceMobile=true')).toBe(true);
    expect(forcesMobile('?client_name=x&forceMobile=true')).toBe(true);
    expect(forcesMobile('?forceMobile=false')).toBe(false);
    expect(forcesMobile('')).toBe(false);
  });
});

describe('shareUrl', () => {
  it('is the published page, without parameters', () => {
    expect(shareUrl('https://plotline.test', 'the-fork')).toBe(
      'https://plotline.test/watch/the-fork',
    );
  });
});
