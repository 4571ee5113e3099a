import { describe, expect, it } from 'vitest';
import type { MovieContentStatus } from './media.schema.ts';
import { CONTENT_TYPE } from './media.ts';
import { formatMessage, MESSAGES } from './messages.ts';
import type { PlotBanner, PlotNode } from './plot.ts';
import { storylineSaveBlockers, validatePlot } from './plot-validation.ts';
import { add, ITEMS, node, numberVariable, story, when } from './test/plot.ts';

const kinds = (nodes: PlotNode[], items = ITEMS) => validatePlot(nodes, items).map((p) => p.kind);

describe('validatePlot', () => {
  it('accepts a clip alone and a story with a choice', () => {
    expect(validatePlot([node(1, null, 1)], ITEMS)).toEqual([]);
    expect(validatePlot(story(), ITEMS)).toEqual([]);
  });

  it('needs at least one plot', () => {
    expect(validatePlot([], ITEMS)).toEqual([{ kind: 'empty', message: MESSAGES.plotEmpty }]);
  });

  it('needs exactly one root, and it is a clip', () => {
    expect(kinds([node(2, 1, 11)])).toContain('no-root');
    expect(kinds([node(1, null, 1), node(2, null, 2)])).toEqual(['several-roots']);
    expect(validatePlot([node(1, null, 11)], ITEMS)).toEqual([
      { kind: 'root-not-clip', message: MESSAGES.plotRootNotClip, movie_plot_id: 1 },
    ]);
  });

  it('refuses parents that do not exist, cycles and duplicate ids', () => {
    expect(kinds([node(1, null, 1), node(2, 9, 11)])).toEqual(['unknown-parent']);
    expect(kinds([node(1, null, 1), node(2, 3, 11), node(3, 2, 1)])).toEqual(['cycle', 'cycle']);
    expect(kinds([node(1, null, 1), node(1, 1, 11)])).toContain('duplicate-id');
  });

  it('alternates clip, bridge, clip', () => {
    const problems = validatePlot([node(1, null, 1), node(2, 1, 2), node(3, 2, 11)], ITEMS);
    expect(problems.map((p) => [p.kind, p.movie_plot_id, p.message])).toEqual([
      ['alternation', 2, MESSAGES.plotAlternation],
      ['alternation', 3, MESSAGES.plotAlternation],
    ]);
  });

  it("needs every plot's item, of this project", () => {
    expect(kinds([node(1, null, 1), node(2, 1, null)])).toEqual(['no-item']);
    expect(kinds([node(1, null, 1), node(2, 1, 77)])).toEqual(['foreign-item']);
  });

  it('checks banner components against the item', () => {
    const withBanner = (banner: PlotBanner[]) => [
      node(1, null, 1, { banner }),
      node(2, 1, 11, { banner: [{ type: 'horizontal', time_start: 10 }] }),
    ];
    expect(
      validatePlot(
        withBanner([
          { type: 'vertical', time_start: 0 },
          { type: 'horizontal', time_start: 60 },
        ]),
        ITEMS,
      ),
    ).toEqual([]);
    expect(validatePlot(withBanner([{ type: 'vertical', time_start: 61 }]), ITEMS)[0]).toEqual({
      kind: 'banner',
      movie_plot_id: 1,
      message: formatMessage(MESSAGES.plotBannerTime, { duration: 60 }),
    });
  });

  it("checks story logic with the storyline's variables, once the tree is sound", () => {
    const logic = [
      node(1, null, 1, { effects: [add('score', 1)] }),
      node(2, 1, 11, { condition: when('score', 'ge', 1), goto_id: 1 }),
      node(3, 1, 12),
    ];
    expect(validatePlot(logic, ITEMS, [numberVariable('score')])).toEqual([]);
    expect(validatePlot(logic, ITEMS)).toEqual([
      {
        kind: 'variable',
        message: formatMessage(MESSAGES.variableUnknown, { variable: 'score' }),
        movie_plot_id: 1,
      },
      {
        kind: 'variable',
        message: formatMessage(MESSAGES.variableUnknown, { variable: 'score' }),
        movie_plot_id: 2,
      },
    ]);
    // A broken tree is reported alone: its logic cannot be read yet.
    expect(kinds([...logic, node(4, 9, 1, { goto_id: 77 })])).toEqual(['unknown-parent']);
  });
});

describe('storylineSaveBlockers', () => {
  const item: MovieContentStatus = {
    movie_content_id: 1,
    type: CONTENT_TYPE.clip,
    file_name: 'opening.mp4',
    url: null,
    thumbnail: null,
    status: 'queued',
    progress: 0,
    duration: null,
    transcoder_log: null,
    lang: [],
  };
  const ready = {
    title: 'The Heist',
    thumbnailMobile: '/api/media/mobile.png',
    thumbnailDesktop: '/api/media/desktop.png',
    movieContent: [item],
  };

  it('lets a titled project with both thumbnails, an item and a complete plot save', () => {
    expect(storylineSaveBlockers(ready, story())).toEqual([]);
  });

  it('names every missing piece of §5, each once', () => {
    const bare = { title: '  ', thumbnailMobile: null, thumbnailDesktop: null, movieContent: [] };
    expect(storylineSaveBlockers(bare, [])).toEqual([
      'title',
      'thumbnailMobile',
      'thumbnailDesktop',
      'noContent',
      'noPlot',
    ]);
  });

  it('blocks while a plot has no item chosen', () => {
    const unchosen = [...story(), node(5, 2, null), node(6, 2, null)];
    expect(storylineSaveBlockers(ready, unchosen)).toEqual(['plotWithoutItem']);
  });
});
