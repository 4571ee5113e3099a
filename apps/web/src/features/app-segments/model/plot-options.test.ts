import { describe, expect, it } from 'vitest';
import { plotOptionsOf } from './plot-options.ts';

const item = (movieContentId: number, captions: Record<string, string>) => ({
  movie_content_id: movieContentId,
  captions,
});
const node = (id: number, movieContentId: number, parentId: number | null) => ({
  id,
  movie_content_id: movieContentId,
  parent_id: parentId,
});

/** Start → question → left | right; left → second question → stay | go; right ends. */
const PLOT = {
  plot: [
    node(1, 10, null),
    node(2, 20, 1),
    node(3, 30, 2),
    node(4, 40, 2),
    node(5, 50, 3),
    node(6, 60, 5),
    node(7, 70, 5),
  ],
  items: [
    item(10, { '1': 'Start' }),
    item(20, { '1': 'Which path?', '3': 'Welcher Weg?' }),
    item(30, { '1': 'Left', '3': 'Links' }),
    item(40, { '6': 'يمين' }),
    item(50, { '1': 'Stay or go?' }),
    item(60, { '1': 'Stay' }),
    item(70, {}),
  ],
};

describe('plotOptionsOf', () => {
  it('lists the nodes chosen between, the answers to one question together, with that question', () => {
    expect(plotOptionsOf(PLOT, 'en')).toEqual([
      { id: 3, label: 'Left', question: 'Which path?' },
      { id: 4, label: 'يمين', question: 'Which path?' },
      { id: 6, label: 'Stay', question: 'Stay or go?' },
      { id: 7, label: '', question: 'Stay or go?' },
    ]);
  });

  it("reads captions in the studio's language, else English, else the first there is", () => {
    expect(plotOptionsOf(PLOT, 'de').map(({ label, question }) => [label, question])).toEqual([
      ['Links', 'Welcher Weg?'],
      ['يمين', 'Welcher Weg?'],
      ['Stay', 'Stay or go?'],
      ['', 'Stay or go?'],
    ]);
  });
});
