import { describe, expect, it } from 'vitest';
import { episodeForSeries, episodeOptions } from './episodes.ts';

const series = { movie_id: 40, episodeList: [1, 3] };

describe('episodeOptions', () => {
  it('offers 1 to 50 with the numbers of other episodes taken', () => {
    const options = episodeOptions(series, undefined);
    expect(options).toHaveLength(50);
    expect(options.filter((option) => option.taken).map((option) => option.number)).toEqual([1, 3]);
    expect(options.at(-1)).toEqual({ number: 50, taken: false });
  });

  it("keeps the project's own number free in its own series only", () => {
    const episode = { movieIdParent: 40, episodeNumber: 3 };
    expect(episodeOptions(series, episode).find((option) => option.number === 3)?.taken).toBe(
      false,
    );
    const elsewhere = { movieIdParent: 41, episodeNumber: 3 };
    expect(episodeOptions(series, elsewhere).find((option) => option.number === 3)?.taken).toBe(
      true,
    );
  });

  it('takes nothing before a series is known', () => {
    expect(episodeOptions(undefined, undefined).some((option) => option.taken)).toBe(false);
  });
});

describe('episodeForSeries', () => {
  const project = { movieIdParent: 40, episodeNumber: 2 };
  it('keeps the saved number in the saved series and none elsewhere', () => {
    expect(episodeForSeries(40, project)).toBe(2);
    expect(episodeForSeries(41, project)).toBeNull();
    expect(episodeForSeries(null, project)).toBeNull();
  });
});
