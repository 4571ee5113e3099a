import { describe, expect, it } from 'vitest';
import {
  embedAllows,
  embedCode,
  embedSizeWithin,
  embedUrl,
  frameAncestors,
  normalizeOrigin,
  parsedEmbedOrigins,
  parseOrigin,
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

  it('takes DNS names, IDN as punycode, IPv4, IPv6, ports and a leading *. label', () => {
    const cases: [string, string][] = [
      ['https://sub.Example.com', 'https://sub.example.com'],
      ['http://example.com:80', 'http://example.com'],
      ['https://example.com:8443/', 'https://example.com:8443'],
      ['https://*.example.com', 'https://*.example.com'],
      ['HTTP://*.Example.COM:8080', 'http://*.example.com:8080'],
      ['https://bücher.example', 'https://xn--bcher-kva.example'],
      ['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
      ['http://192.168.0.10:3000', 'http://192.168.0.10:3000'],
      ['http://[2001:DB8:0:0::1]', 'http://[2001:db8::1]'],
      ['http://localhost', 'http://localhost'],
      ['https://a-b.c0.example', 'https://a-b.c0.example'],
    ];
    for (const [text, origin] of cases) expect(normalizeOrigin(text), text).toBe(origin);
    expect(parseOrigin('https://*.example.com:8443')).toEqual({
      scheme: 'https',
      host: 'example.com',
      port: 8443,
      anySubdomain: true,
    });
  });

  it('refuses whatever a CSP source or a host cannot hold', () => {
    for (const text of [
      'https://a.example;script-src *',
      'https://a.example; frame-ancestors *',
      'https://a.example,https://b.example',
      'https://a.example https://b.example',
      'https://"a.example"',
      "https://'self'",
      "'self'",
      'https://a*.example',
      'https://a.*.example',
      'https://*',
      'https://*.*.example',
      'https://*.192.168.0.1',
      'https://*.[::1]',
      'https://a.example/path',
      'https://a.example//',
      'https://a.example\\x',
      'https://user:pass@a.example',
      'https://a.example:0',
      'https://a.example:65536',
      'https://a.example:',
      'https://a.example:port',
      'https://a..example',
      'https://a.example.',
      'https://-a.example',
      'https://a-.example',
      'https://a_b.example',
      'https://a%2eexample',
      'https://127.1',
      'https://0x7f.0.0.1',
      'https://256.1.1.1',
      'https://[::1',
      'https://[fe80::1%25eth0]',
      `https://${'a'.repeat(64)}.example`,
      'https://a.example\u0000',
      'ws://a.example',
      'javascript:alert(1)',
      '*',
      '',
    ]) {
      expect(normalizeOrigin(text), text).toBeNull();
    }
  });

  it('writes stored origins anew from their parsed form, dropping any that is not one', () => {
    const stored = ['HTTPS://A.example:443', 'https://b.example; script-src *', "'unsafe-inline'"];
    expect(parsedEmbedOrigins(stored)).toEqual(['https://a.example']);
    expect(frameAncestors(stored)).toEqual(["'self'", 'https://a.example']);
    expect(frameAncestors(['https://x.example', '*'])).toEqual(['*']);
  });

  it('lets a *. site frame its subdomains on the same scheme and port, not the name itself', () => {
    const sites = ['https://*.example.com', 'http://localhost:8080'];
    expect(embedAllows(sites, 'https://a.example.com')).toBe(true);
    expect(embedAllows(sites, 'https://a.b.example.com')).toBe(true);
    expect(embedAllows(sites, 'https://example.com')).toBe(false);
    expect(embedAllows(sites, 'https://badexample.com')).toBe(false);
    expect(embedAllows(sites, 'http://a.example.com')).toBe(false);
    expect(embedAllows(sites, 'https://a.example.com:8443')).toBe(false);
    expect(embedAllows(sites, 'http://localhost:8080')).toBe(true);
    expect(embedAllows(sites, 'null')).toBe(false);
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
