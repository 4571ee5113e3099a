import { describe, expect, it } from 'vitest';
import type { ContentLanguage, MovieContentStatus } from './media.schema.ts';
import { CONTENT_TYPE } from './media.ts';
import { stepTwoProblems } from './projects.ts';

function language(overrides: Partial<ContentLanguage> = {}): ContentLanguage {
  return { language_id: 1, caption: 'Choose a door', file: null, file_name: null, ...overrides };
}

/** A clip that is ready, with an English caption and no subtitle, unless told otherwise. */
function item(overrides: Partial<MovieContentStatus> = {}): MovieContentStatus {
  return {
    movie_content_id: 1,
    type: CONTENT_TYPE.clip,
    file_name: 'opening.mp4',
    url: '/media/hls/1/master.m3u8',
    thumbnail: '/media/hls/1/poster.jpg',
    status: 'ready',
    progress: 100,
    duration: 65,
    transcoder_log: null,
    lang: [language()],
    ...overrides,
  };
}

const saved = { saved: true };

describe('stepTwoProblems', () => {
  it('finds nothing wrong with saved, ready items that each have a caption', () => {
    expect(
      stepTwoProblems(
        [item(), item({ movie_content_id: 2, file_name: 'left.mp4', type: CONTENT_TYPE.bridge })],
        saved,
      ),
    ).toEqual([]);
  });

  it('finds nothing wrong with no items at all once saved', () => {
    expect(stepTwoProblems([], saved)).toEqual([]);
  });

  it('says first that the data is not saved yet', () => {
    expect(
      stepTwoProblems([item({ lang: [language({ caption: '' })] })], { saved: false }),
    ).toEqual([
      { kind: 'not-saved' },
      { kind: 'empty-caption', file: 'opening.mp4', languageId: 1 },
    ]);
  });

  it.each([
    ['queued', { status: 'queued', thumbnail: null, url: null }],
    ['processing', { status: 'processing', thumbnail: null, url: null }],
    ['playable', { status: 'playable', thumbnail: null }],
    ['failed', { status: 'failed', thumbnail: null, transcoder_log: 'Conversion timed out' }],
    // §5: a thumbnail still being processed counts as missing.
    ['ready without a poster', { status: 'ready', thumbnail: null }],
    ['with a poster but not ready', { status: 'processing', thumbnail: '/poster.jpg' }],
  ] as const)('names an item whose transcode is %s', (_case, overrides) => {
    expect(stepTwoProblems([item({ file_name: 'forest.mp4', ...overrides })], saved)).toEqual([
      { kind: 'not-transcoded', file: 'forest.mp4' },
    ]);
  });

  it('names every item, clip or bridge, without a caption language', () => {
    expect(
      stepTwoProblems(
        [
          item({ file_name: 'a.mp4', lang: [] }),
          item({ file_name: 'b.mp4', type: CONTENT_TYPE.bridge, lang: [] }),
        ],
        saved,
      ),
    ).toEqual([
      { kind: 'no-language', file: 'a.mp4' },
      { kind: 'no-language', file: 'b.mp4' },
    ]);
  });

  it('names each empty or blank caption with its language, on clips and bridges', () => {
    expect(
      stepTwoProblems(
        [
          item({
            file_name: 'a.mp4',
            lang: [language(), language({ language_id: 3, caption: '   ' })],
          }),
          item({
            file_name: 'b.mp4',
            type: CONTENT_TYPE.bridge,
            lang: [language({ language_id: 2, caption: '' })],
          }),
        ],
        saved,
      ),
    ).toEqual([
      { kind: 'empty-caption', file: 'a.mp4', languageId: 3 },
      { kind: 'empty-caption', file: 'b.mp4', languageId: 2 },
    ]);
  });

  it('asks for no subtitles while no clip has one', () => {
    expect(
      stepTwoProblems([item(), item({ movie_content_id: 2, file_name: 'b.mp4' })], saved),
    ).toEqual([]);
  });

  it("names each clip language without a subtitle once any clip has one, but not bridges'", () => {
    const subtitled = language({ file: '/media/subtitles/x.vtt', file_name: 'a-en.srt' });
    expect(
      stepTwoProblems(
        [
          item({ file_name: 'a.mp4', lang: [subtitled, language({ language_id: 2 })] }),
          item({ file_name: 'b.mp4', lang: [language()] }),
          item({ file_name: 'bridge.mp4', type: CONTENT_TYPE.bridge, lang: [language()] }),
        ],
        saved,
      ),
    ).toEqual([
      { kind: 'empty-subtitle', file: 'a.mp4', languageId: 2 },
      { kind: 'empty-subtitle', file: 'b.mp4', languageId: 1 },
    ]);
  });

  it('asks for no clip subtitles when only a bridge has one', () => {
    expect(
      stepTwoProblems(
        [
          item({ file_name: 'a.mp4' }),
          item({
            file_name: 'bridge.mp4',
            type: CONTENT_TYPE.bridge,
            lang: [language({ file: '/media/subtitles/y.vtt', file_name: 'y.srt' })],
          }),
        ],
        saved,
      ),
    ).toEqual([]);
  });

  it("lists the problems in the spec's order: saved, transcodes, captions, subtitles", () => {
    const problems = stepTwoProblems(
      [
        item({
          file_name: 'a.mp4',
          lang: [language({ caption: '', file: '/s.vtt', file_name: 's.srt' })],
        }),
        item({ file_name: 'b.mp4', status: 'processing', thumbnail: null }),
      ],
      { saved: false },
    );
    expect(problems.map((problem) => problem.kind)).toEqual([
      'not-saved',
      'not-transcoded',
      'empty-caption',
      'empty-subtitle',
    ]);
  });
});
