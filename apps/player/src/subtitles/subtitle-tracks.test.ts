import { describe, expect, it } from 'vitest';
import { makeWatchData } from '../test/watch-data.ts';
import { SubtitleTracks, type CueTrack } from './subtitle-tracks.ts';
import type { SubtitleCue } from './webvtt.ts';

class FakeTrack implements CueTrack {
  mode: TextTrackMode = 'hidden';
  list: TextTrackCue[] = [];
  get cues() {
    return this.mode === 'disabled' ? null : this.list;
  }
  addCue(cue: TextTrackCue) {
    this.list.push(cue);
  }
  removeCue(cue: TextTrackCue) {
    this.list = this.list.filter((kept) => kept !== cue);
  }
}

const [opening, , left] = makeWatchData().items;
const FILES: Record<string, string> = {
  '/media/10/1.vtt': 'WEBVTT\n\n00:00.000 --> 00:02.000\nDawn\n\n00:02.000 --> 00:07.500\nBirds\n',
  '/media/10/6.vtt': 'WEBVTT\n\n00:00.000 --> 00:02.000\nالفجر\n',
  '/media/12/1.vtt': 'WEBVTT\n\n00:01.000 --> 00:03.000\nLeft\n',
};

function setUp() {
  const english = new FakeTrack();
  const arabic = new FakeTrack();
  const fetched: string[] = [];
  const subtitles = new SubtitleTracks({
    tracks: new Map([
      [1, english],
      [6, arabic],
    ]),
    fetchText: async (url) => {
      fetched.push(url);
      return FILES[url] ?? Promise.reject(new Error('404'));
    },
    makeCue: (cue: SubtitleCue) => cue as unknown as TextTrackCue,
  });
  return { english, arabic, fetched, subtitles };
}

describe('SubtitleTracks', () => {
  it('puts a node’s cues on the chosen track, shifted to where the node starts', async () => {
    const { english, arabic, subtitles } = setUp();
    await subtitles.select(1);
    await subtitles.showNode(opening!, 0);
    expect(english.mode).toBe('showing');
    expect(arabic.mode).toBe('disabled');
    expect(english.list).toEqual([
      { start: 0, end: 2, text: 'Dawn' },
      { start: 2, end: 7.5, text: 'Birds' },
    ]);

    await subtitles.showNode(left!, 8.5);
    expect(english.list).toEqual([{ start: 9.5, end: 11.5, text: 'Left' }]);
  });

  it('switches language on the node playing, and shows none when off', async () => {
    const { english, arabic, subtitles } = setUp();
    await subtitles.select(1);
    await subtitles.showNode(opening!, 4);
    await subtitles.select(6);
    expect(english.list).toEqual([]);
    expect(arabic.mode).toBe('showing');
    expect(arabic.list).toEqual([{ start: 4, end: 6, text: 'الفجر' }]);

    await subtitles.select(null);
    expect(subtitles.selected).toBeNull();
    expect([english.mode, arabic.mode]).toEqual(['disabled', 'disabled']);
    expect(arabic.list).toEqual([]);
  });

  it('fetches each file once, ahead of the node when asked, and drops cues of a node gone by', async () => {
    const { english, fetched, subtitles } = setUp();
    await subtitles.select(1);
    subtitles.preload(left!);
    const late = subtitles.showNode(opening!, 0);
    await subtitles.showNode(left!, 8);
    await late;
    expect(english.list).toEqual([{ start: 9, end: 11, text: 'Left' }]);
    await subtitles.showNode(left!, 0);
    expect(fetched).toEqual(['/media/12/1.vtt', '/media/10/1.vtt']);
  });

  it('plays on without the subtitles of a node that has none or cannot fetch them', async () => {
    const { english, subtitles } = setUp();
    await subtitles.select(1);
    await subtitles.showNode({ ...left!, subtitles: [{ language_id: 1, url: '/missing.vtt' }] }, 0);
    expect(english.list).toEqual([]);
  });
});
