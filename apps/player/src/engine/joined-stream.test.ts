import { describe, expect, it, vi } from 'vitest';
import { JOINED_MASTER_URL, JoinedStream, levelUri, parseJoinedUrl } from './joined-stream.ts';
import { makeJoinedItem, makeVariant } from './test/fakes.ts';

const levels = [makeVariant(720), makeVariant(360)];
const levelUrl = (level: number, msn?: number) => {
  const url = new URL(levelUri(level), JOINED_MASTER_URL);
  if (msn !== undefined) url.searchParams.set('_HLS_msn', String(msn));
  return url.href;
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('parseJoinedUrl', () => {
  it('tells the master, a level and hls.js’s delivery directive apart', () => {
    expect(parseJoinedUrl(JOINED_MASTER_URL)).toEqual({ kind: 'master' });
    expect(parseJoinedUrl(levelUrl(1))).toEqual({ kind: 'level', level: 1 });
    expect(parseJoinedUrl(levelUrl(0, 7))).toEqual({ kind: 'level', level: 0, msn: 7 });
  });

  it('knows nothing of other URLs', () => {
    expect(parseJoinedUrl('https://cdn.test/level-0.m3u8')).toBeNull();
    expect(parseJoinedUrl(new URL('other.m3u8', JOINED_MASTER_URL).href)).toBeNull();
  });
});

describe('JoinedStream', () => {
  it('answers the master at once, from the levels alone', async () => {
    const stream = new JoinedStream(levels);
    const ready = vi.fn();
    stream.whenReady({ kind: 'master' }, ready);
    expect(ready).not.toHaveBeenCalled();
    await flush();
    expect(ready).toHaveBeenCalledOnce();
    expect(stream.render({ kind: 'master' })).toContain('level-1.m3u8');
  });

  it('holds a media playlist until the first item is there', async () => {
    const stream = new JoinedStream(levels);
    const ready = vi.fn();
    stream.whenReady({ kind: 'level', level: 0 }, ready);
    await flush();
    expect(ready).not.toHaveBeenCalled();
    stream.append(makeJoinedItem('a', [4, 4]));
    expect(ready).toHaveBeenCalledOnce();
    expect(stream.render({ kind: 'level', level: 0 })).toContain('https://cdn.test/a/0/');
  });

  it('holds a blocking reload until the segment it names exists, and answers it once', async () => {
    const stream = new JoinedStream(levels);
    stream.append(makeJoinedItem('a', [4, 4]));
    const ready = vi.fn();
    stream.whenReady({ kind: 'level', level: 1, msn: 2 }, ready);
    await flush();
    expect(ready).not.toHaveBeenCalled();
    stream.append(makeJoinedItem('b', [3]));
    await flush();
    expect(ready).toHaveBeenCalledOnce();
    expect(stream.render({ kind: 'level', level: 1 })).toContain('#EXT-X-DISCONTINUITY');
  });

  it('answers a request for a segment that exists at once', async () => {
    const stream = new JoinedStream(levels);
    stream.append(makeJoinedItem('a', [4, 4]));
    const ready = vi.fn();
    stream.whenReady({ kind: 'level', level: 0, msn: 1 }, ready);
    await flush();
    expect(ready).toHaveBeenCalledOnce();
  });

  it('answers waiting requests when the path ends, with ENDLIST', async () => {
    const stream = new JoinedStream(levels);
    stream.append(makeJoinedItem('a', [4]));
    const ready = vi.fn();
    stream.whenReady({ kind: 'level', level: 0, msn: 1 }, ready);
    stream.end();
    expect(ready).toHaveBeenCalledOnce();
    expect(stream.render({ kind: 'level', level: 0 })).toMatch(/#EXT-X-ENDLIST\n$/);
    expect(() => stream.append(makeJoinedItem('b', [4]))).toThrow('The path has ended');
  });

  it('forgets a cancelled request', async () => {
    const stream = new JoinedStream(levels);
    const ready = vi.fn();
    const cancel = stream.whenReady({ kind: 'level', level: 0 }, ready);
    cancel();
    stream.append(makeJoinedItem('a', [4]));
    const master = vi.fn();
    stream.whenReady({ kind: 'master' }, master)();
    await flush();
    expect(ready).not.toHaveBeenCalled();
    expect(master).not.toHaveBeenCalled();
  });

  it('tells how long each item plays', () => {
    const stream = new JoinedStream(levels);
    expect(stream.durations()).toEqual([]);
    stream.append(makeJoinedItem('a', [4, 4]));
    stream.append(makeJoinedItem('b', [2.5]));
    expect(stream.durations()).toEqual([8, 2.5]);
    expect(stream.itemCount).toBe(2);
  });

  it('refuses an item that does not stand in for every level', () => {
    const stream = new JoinedStream(levels);
    expect(() => stream.append(makeJoinedItem('a', [4], 1))).toThrow('needs 2 level playlists');
    expect(() => stream.render({ kind: 'level', level: 5 })).toThrow('No level 5');
  });
});
