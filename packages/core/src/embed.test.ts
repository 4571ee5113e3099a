import { describe, expect, it } from 'vitest';
import {
  embedAllows,
  embedCode,
  embedSizeWithin,
  embedUrl,
  frameAncestors,
  normalizeOrigin,
} from './embed.ts';

describe('embedding', () => {
  it('normalises an origin as browsers write it, and refuses anything else', () => {
    expect(normalizeOrigin(' HTTPS://Example.COM:443/ ')).toBe('https://example.com');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeOrigin('https://[::1]:3000')).toBe('https://[::1]:3000');
    for (const text of [
      'example.com',
      'ftp://example.com',
      'https://example.com/path',
      'https://example.com?q',
      'https://example.com#top',
      'https://user@example.com',
      'https://',
      '*',
    ]) {
      expect(normalizeOrigin(text), text).toBeNull();
    }
  });

  it("frames and answers this origin and the project's sites, or any with *", () => {
    expect(frameAncestors([])).toEqual(["'self'"]);
    expect(frameAncestors(['https://a.example'])).toEqual(["'self'", 'https://a.example']);
    expect(frameAncestors(['*'])).toEqual(['*']);
    expect(embedAllows(['https://a.example'], 'https://a.example')).toBe(true);
    expect(embedAllows(['https://a.example'], 'https://b.example')).toBe(false);
    expect(embedAllows(['*'], 'https://b.example')).toBe(true);
    expect(embedAllows([], 'https://a.example')).toBe(false);
  });

  it("sizes a frame at its view mode's aspect ratio within bounds", () => {
    expect(embedSizeWithin('vertical')).toEqual({ width: 360, height: 640 });
    expect(embedSizeWithin('horizontal', 320)).toEqual({ width: 320, height: 180 });
    expect(embedSizeWithin('horizontal', 2000, 2000)).toEqual({ width: 640, height: 360 });
    expect(embedSizeWithin(null)).toEqual({ width: 640, height: 360 });
  });

  it('writes a responsive frame with its title escaped, allowed to autoplay and go full screen', () => {
    const code = embedCode({
      url: embedUrl('https://plotline.example', 'the-fork'),
      title: 'A "quoted" <story>',
      viewMode: 'vertical',
    });
    expect(code).toBe(
      '<iframe src="https://plotline.example/embed/the-fork" title="A &quot;quoted&quot; &lt;story&gt;" ' +
        'width="360" height="640" style="width:100%;max-width:360px;height:auto;aspect-ratio:360/640;border:0" ' +
        'allow="autoplay; fullscreen" allowfullscreen></iframe>',
    );
  });
});
