import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_TYPE, type MovieContentStatus } from './media.ts';
import { formatMessage, MESSAGES } from './messages.ts';
import {
  addBannerComponent,
  addChild,
  addSibling,
  BANNER_COMPONENT_TYPES,
  bannerProblems,
  formatMmSs,
  keepsLockedSubtrees,
  parseMmSs,
  plotInTreeOrder,
  removeSubtree,
  setBanner,
  setBannerTime,
  setBannerType,
  setContent,
  setLock,
  startPlot,
  storylineSaveBlockers,
  validatePlot,
  type PlotBanner,
  type PlotEdit,
  type PlotItem,
  type PlotNode,
} from './plot.ts';

const clip = (id: number, duration: number | null = 60): PlotItem => ({
  movie_content_id: id,
  type: CONTENT_TYPE.clip,
  duration,
});
const bridge = (id: number, duration: number | null = 10): PlotItem => ({
  movie_content_id: id,
  type: CONTENT_TYPE.bridge,
  duration,
});

/** Clips 1–3 and bridges 11–12 of one project; 3 is not transcoded yet. */
const ITEMS: PlotItem[] = [clip(1), clip(2, 30), clip(3, null), bridge(11), bridge(12, 5)];

function node(
  id: number,
  parentId: number | null,
  contentId: number | null,
  overrides: Partial<PlotNode> = {},
): PlotNode {
  return {
    movie_plot_id: id,
    movie_content_id: contentId,
    parent_id: parentId,
    locked: '0',
    duration: 0,
    banner: [],
    ...overrides,
  };
}

/** A clip, a bridge, then two choices of clip: the smallest story with a choice. */
const story = (): PlotNode[] => [node(1, null, 1), node(2, 1, 11), node(3, 2, 1), node(4, 2, 2)];

function plotOf(edit: PlotEdit): PlotNode[] {
  if (!edit.ok) throw new Error(edit.message);
  return edit.plot;
}

const kinds = (nodes: PlotNode[], items = ITEMS) => validatePlot(nodes, items).map((p) => p.kind);

describe('mm:ss', () => {
  it.each([
    ['00:00', 0],
    ['01:05', 65],
    ['69:59', 4199],
  ])('reads %s as %i seconds and writes it back', (text, seconds) => {
    expect(parseMmSs(text)).toBe(seconds);
    expect(formatMmSs(seconds)).toBe(text);
  });

  it.each(['', '1:05', '01:5', '70:00', '01:60', '0105', 'aa:bb', ' 01:05'])(
    'refuses %j',
    (text) => {
      expect(parseMmSs(text)).toBeNull();
    },
  );

  it('writes whole seconds, clamped to what the mask shows', () => {
    expect(formatMmSs(65.9)).toBe('01:05');
    expect(formatMmSs(-3)).toBe('00:00');
    expect(formatMmSs(99_999)).toBe('69:59');
  });

  it('round-trips every time the mask allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 69 * 60 + 59 }), (seconds) => {
        expect(parseMmSs(formatMmSs(seconds))).toBe(seconds);
      }),
    );
  });
});

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

describe('bannerProblems', () => {
  it('allows two components of different types on a clip', () => {
    const banner: PlotBanner[] = [
      { type: 'horizontal', time_start: 5 },
      { type: 'vertical', time_start: 0 },
    ];
    expect(bannerProblems(banner, clip(1))).toEqual([]);
  });

  it('allows at most 2 on a clip and no repeated type', () => {
    expect(
      bannerProblems(
        [
          { type: 'horizontal', time_start: 0 },
          { type: 'vertical', time_start: 0 },
          { type: 'vertical', time_start: 1 },
        ],
        clip(1),
      ),
    ).toEqual([MESSAGES.plotBannerTooManyClip, MESSAGES.plotBannerRepeated]);
    expect(
      bannerProblems(
        [
          { type: 'vertical', time_start: 0 },
          { type: 'vertical', time_start: 3 },
        ],
        clip(1),
      ),
    ).toEqual([MESSAGES.plotBannerRepeated]);
  });

  it('allows one horizontal component on a bridge and nothing else', () => {
    expect(bannerProblems([{ type: 'horizontal', time_start: 10 }], bridge(11))).toEqual([]);
    expect(bannerProblems([{ type: 'vertical', time_start: 0 }], bridge(11))).toEqual([
      MESSAGES.plotBannerBridgeType,
    ]);
    expect(
      bannerProblems(
        [
          { type: 'horizontal', time_start: 0 },
          { type: 'horizontal', time_start: 1 },
        ],
        bridge(11),
      ),
    ).toEqual([MESSAGES.plotBannerTooManyBridge, MESSAGES.plotBannerRepeated]);
  });

  it('keeps the start within the duration, in whole seconds', () => {
    const problem = formatMessage(MESSAGES.plotBannerTime, { duration: 10 });
    expect(bannerProblems([{ type: 'horizontal', time_start: 11 }], bridge(11))).toEqual([problem]);
    expect(bannerProblems([{ type: 'horizontal', time_start: -1 }], bridge(11))).toEqual([problem]);
    expect(bannerProblems([{ type: 'horizontal', time_start: 1.5 }], bridge(11))).toEqual([
      problem,
    ]);
  });

  it('allows only a start at 0 while the duration is unknown', () => {
    expect(bannerProblems([{ type: 'vertical', time_start: 0 }], clip(3, null))).toEqual([]);
    expect(bannerProblems([{ type: 'vertical', time_start: 1 }], clip(3, null))).toEqual([
      MESSAGES.plotBannerNoDuration,
    ]);
  });

  it('refuses an unknown type', () => {
    expect(bannerProblems([{ type: 'square' as 'vertical', time_start: 0 }], clip(1))).toContain(
      MESSAGES.plotBannerType,
    );
  });
});

describe('operations', () => {
  it('start an empty storyline, fill it, add a bridge and alternatives', () => {
    let plot = plotOf(startPlot([]));
    expect(plot).toEqual([node(-1, null, null)]);
    plot = plotOf(setContent(plot, -1, clip(1)));
    plot = plotOf(addChild(plot, -1));
    plot = plotOf(setContent(plot, -2, bridge(11)));
    plot = plotOf(addChild(plot, -2));
    plot = plotOf(addSibling(plot, -3));
    plot = plotOf(setContent(plot, -3, clip(1)));
    plot = plotOf(setContent(plot, -4, clip(2, 30)));
    expect(plot.map((n) => [n.movie_plot_id, n.parent_id, n.movie_content_id, n.duration])).toEqual(
      [
        [-1, null, 1, 60],
        [-2, -1, 11, 10],
        [-3, -2, 1, 60],
        [-4, -2, 2, 30],
      ],
    );
    expect(validatePlot(plot, ITEMS)).toEqual([]);
    expect(startPlot(plot)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('never change the list they are given', () => {
    const plot = story();
    const copy = structuredClone(plot);
    addChild(plot, 3);
    removeSubtree(plot, 2);
    setLock(plot, 1, true);
    setBanner(plot, 1, [{ type: 'vertical', time_start: 1 }], ITEMS);
    expect(plot).toEqual(copy);
  });

  it('refuse the root an alternative', () => {
    expect(addSibling(story(), 1)).toEqual({
      ok: false,
      reason: 'invalid',
      message: MESSAGES.plotRootSibling,
    });
  });

  it('refuse an item of the wrong type for its place', () => {
    expect(setContent(story(), 2, clip(2))).toMatchObject({
      ok: false,
      message: MESSAGES.plotAlternation,
    });
    expect(setContent(story(), 1, bridge(11))).toMatchObject({
      ok: false,
      message: MESSAGES.plotRootNotClip,
    });
  });

  it('drop the banner components that no longer fit a new item', () => {
    const plot = [
      node(1, null, 1, {
        banner: [
          { type: 'vertical', time_start: 50 },
          { type: 'horizontal', time_start: 20 },
        ],
      }),
    ];
    expect(plotOf(setContent(plot, 1, clip(2, 30)))[0]!.banner).toEqual([
      { type: 'horizontal', time_start: 20 },
    ]);
  });

  it('remove a node with everything after it', () => {
    expect(plotOf(removeSubtree(story(), 2)).map((n) => n.movie_plot_id)).toEqual([1]);
    expect(plotOf(removeSubtree(story(), 4)).map((n) => n.movie_plot_id)).toEqual([1, 2, 3]);
    expect(removeSubtree(story(), 9)).toEqual({
      ok: false,
      reason: 'not-found',
      message: MESSAGES.plotNotFound,
    });
  });

  it('refuse every change inside a locked subtree', () => {
    const locked = plotOf(setLock(story(), 2, true));
    expect(locked[1]!.locked).toBe('1');
    const refused = { ok: false, reason: 'locked', message: MESSAGES.plotLocked };
    expect(addChild(locked, 3)).toEqual(refused);
    expect(addChild(locked, 2)).toEqual(refused);
    expect(addSibling(locked, 3)).toEqual(refused);
    expect(removeSubtree(locked, 4)).toEqual(refused);
    expect(removeSubtree(locked, 2)).toEqual(refused);
    expect(setContent(locked, 3, clip(2))).toEqual(refused);
    expect(setBanner(locked, 4, [], ITEMS)).toEqual(refused);
    expect(setLock(locked, 3, true)).toEqual(refused);
    // Above the lock, and the lock itself, stay free.
    expect(
      plotOf(setBanner(locked, 1, [{ type: 'vertical', time_start: 3 }], ITEMS))[0]!.banner,
    ).toHaveLength(1);
    expect(plotOf(setLock(locked, 2, false))[1]!.locked).toBe('0');
    // Removing above the lock would remove the locked subtree too.
    expect(removeSubtree(locked, 1)).toEqual(refused);
  });

  it('edit banner components as §4 says: add at 00:00, set a mm:ss time, empty type removes', () => {
    let plot = story();
    plot = plotOf(addBannerComponent(plot, 1, 'vertical', ITEMS));
    expect(plot[0]!.banner).toEqual([{ type: 'vertical', time_start: 0 }]);
    plot = plotOf(setBannerTime(plot, 1, 0, '00:42', ITEMS));
    expect(plot[0]!.banner).toEqual([{ type: 'vertical', time_start: 42 }]);
    expect(setBannerTime(plot, 1, 0, '1:00', ITEMS)).toMatchObject({
      ok: false,
      message: MESSAGES.plotTimeFormat,
    });
    expect(setBannerTime(plot, 1, 0, '01:01', ITEMS)).toMatchObject({ ok: false });
    plot = plotOf(setBannerType(plot, 1, 0, 'horizontal', ITEMS));
    expect(plot[0]!.banner).toEqual([{ type: 'horizontal', time_start: 42 }]);
    expect(addBannerComponent(plot, 1, 'horizontal', ITEMS)).toMatchObject({
      ok: false,
      message: MESSAGES.plotBannerRepeated,
    });
    expect(addBannerComponent(plot, 2, 'vertical', ITEMS)).toMatchObject({
      ok: false,
      message: MESSAGES.plotBannerBridgeType,
    });
    plot = plotOf(setBannerType(plot, 1, 0, '', ITEMS));
    expect(plot[0]!.banner).toEqual([]);
  });

  it('list a plot in reading order', () => {
    const shuffled = [node(4, 2, 2), node(2, 1, 11), node(3, 2, 1), node(1, null, 1)];
    expect(plotInTreeOrder(shuffled).map((n) => n.movie_plot_id)).toEqual([1, 2, 4, 3]);
  });
});

describe('keepsLockedSubtrees', () => {
  const locked = () => plotOf(setLock(story(), 2, true));

  it('accepts changes outside every locked subtree', () => {
    const next = locked().map((n) =>
      n.movie_plot_id === 1 ? { ...n, banner: [{ type: 'vertical' as const, time_start: 1 }] } : n,
    );
    expect(keepsLockedSubtrees(locked(), next)).toBe(true);
    expect(keepsLockedSubtrees(story(), [])).toBe(true);
  });

  it.each([
    ['a node removed', (plot: PlotNode[]) => plot.filter((n) => n.movie_plot_id !== 4)],
    ['a node added', (plot: PlotNode[]) => [...plot, node(-1, 3, null)]],
    [
      'an item changed',
      (plot: PlotNode[]) =>
        plot.map((n) => (n.movie_plot_id === 3 ? { ...n, movie_content_id: 2 } : n)),
    ],
    ['a lock lifted', (plot: PlotNode[]) => plot.map((n) => ({ ...n, locked: '0' as const }))],
    [
      'a banner set',
      (plot: PlotNode[]) =>
        plot.map((n) =>
          n.movie_plot_id === 2
            ? { ...n, banner: [{ type: 'horizontal' as const, time_start: 1 }] }
            : n,
        ),
    ],
    [
      'a node moved',
      (plot: PlotNode[]) => plot.map((n) => (n.movie_plot_id === 4 ? { ...n, parent_id: 1 } : n)),
    ],
  ])('refuses %s', (_case, change) => {
    expect(keepsLockedSubtrees(locked(), change(locked()))).toBe(false);
  });
});

/**
 * The rules written again, the simple way, from the spec: a walk from the one root that must reach
 * every node once, clips at even depths and bridges at odd ones, banners counted by hand.
 */
function acceptable(nodes: PlotNode[], items: PlotItem[]): boolean {
  const roots = nodes.filter((n) => n.parent_id === null);
  if (roots.length !== 1) return false;
  if (new Set(nodes.map((n) => n.movie_plot_id)).size !== nodes.length) return false;
  let reached = 0;
  const walk = (current: PlotNode, depth: number): boolean => {
    reached += 1;
    if (reached > nodes.length) return false;
    const item = items.find((i) => i.movie_content_id === current.movie_content_id);
    if (!item || item.type !== (depth % 2 === 0 ? 1 : 2)) return false;
    const types = current.banner.map((b) => b.type);
    if (types.length > (item.type === 1 ? 2 : 1)) return false;
    if (new Set(types).size !== types.length) return false;
    if (item.type === 2 && types.some((t) => t !== 'horizontal')) return false;
    for (const b of current.banner) {
      if (!Number.isInteger(b.time_start) || b.time_start < 0) return false;
      if (b.time_start > (item.duration ?? 0)) return false;
    }
    return nodes
      .filter((n) => n.parent_id === current.movie_plot_id)
      .every((child) => walk(child, depth + 1));
  };
  return walk(roots[0]!, 0) && reached === nodes.length;
}

type Operation = (plot: PlotNode[], pick: (n: number) => number) => PlotEdit;

const bannerArbitrary = fc.array(
  fc.record({
    type: fc.constantFrom(...BANNER_COMPONENT_TYPES),
    time_start: fc.oneof(fc.integer({ min: -2, max: 70 }), fc.constant(0.5)),
  }),
  { maxLength: 3 },
);
const mmSsArbitrary = fc.oneof(
  fc.integer({ min: 0, max: 70 }).map(formatMmSs),
  fc.constantFrom('1:00', '99:99', ''),
);

/** Every editor operation, with random arguments; nodes are picked by index into the plot. */
const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.constant<Operation>((plot) => startPlot(plot)),
  fc.nat().map(
    (i): Operation =>
      (plot, pick) =>
        addChild(plot, pick(i)),
  ),
  fc.nat().map(
    (i): Operation =>
      (plot, pick) =>
        addSibling(plot, pick(i)),
  ),
  fc.nat().map(
    (i): Operation =>
      (plot, pick) =>
        removeSubtree(plot, pick(i)),
  ),
  fc.tuple(fc.nat(), fc.boolean()).map(
    ([i, lock]): Operation =>
      (plot, pick) =>
        setLock(plot, pick(i), lock),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...ITEMS)).map(
    ([i, item]): Operation =>
      (plot, pick) =>
        setContent(plot, pick(i), item),
  ),
  fc.tuple(fc.nat(), bannerArbitrary).map(
    ([i, banner]): Operation =>
      (plot, pick) =>
        setBanner(plot, pick(i), banner, ITEMS),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...BANNER_COMPONENT_TYPES)).map(
    ([i, type]): Operation =>
      (plot, pick) =>
        addBannerComponent(plot, pick(i), type, ITEMS),
  ),
  fc.tuple(fc.nat(), fc.nat(2), mmSsArbitrary).map(
    ([i, at, time]): Operation =>
      (plot, pick) =>
        setBannerTime(plot, pick(i), at, time, ITEMS),
  ),
  fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom('', ...BANNER_COMPONENT_TYPES)).map(
    ([i, at, type]): Operation =>
      (plot, pick) =>
        setBannerType(plot, pick(i), at, type, ITEMS),
  ),
);

/**
 * A plot made by random edits from a first clip; then, as a person would before saving, every empty
 * node that can still be changed is given an item of the type its place takes.
 */
const editedPlotArbitrary = fc.array(operationArbitrary, { maxLength: 40 }).map((operations) => {
  let plot = plotOf(setContent(plotOf(startPlot([])), -1, clip(1)));
  for (const operation of operations) {
    const edit = operation(plot, (i) => plot[i % plot.length]?.movie_plot_id ?? 0);
    if (edit.ok) plot = edit.plot;
  }
  for (const empty of plot.filter((n) => n.movie_content_id === null)) {
    for (const item of [clip(2, 30), bridge(12, 5)]) {
      const edit = setContent(plot, empty.movie_plot_id, item);
      if (edit.ok) plot = edit.plot;
    }
  }
  return plot;
});

/** Damage done to a plot by a careless client: any field of any node set to a random value. */
const damageArbitrary = fc.oneof(
  fc.constant((plot: PlotNode[]) => plot),
  fc.tuple(fc.nat(), fc.integer({ min: -3, max: 40 })).map(
    ([i, parent]) =>
      (plot: PlotNode[]) =>
        plot.map((n, at) =>
          at === i % plot.length ? { ...n, parent_id: parent === 0 ? null : parent } : n,
        ),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(1, 2, 3, 11, 12, 77)).map(
    ([i, content]) =>
      (plot: PlotNode[]) =>
        plot.map((n, at) => (at === i % plot.length ? { ...n, movie_content_id: content } : n)),
  ),
  fc.tuple(fc.nat(), bannerArbitrary).map(
    ([i, banner]) =>
      (plot: PlotNode[]) =>
        plot.map((n, at) => (at === i % plot.length ? { ...n, banner } : n)),
  ),
  fc.nat().map((i) => (plot: PlotNode[]) => plot.filter((_n, at) => at !== i % plot.length)),
  fc.nat().map((i) => (plot: PlotNode[]) => [...plot, { ...plot[i % plot.length]! }]),
);

describe('plot rules, on random edits', () => {
  it('every edit that succeeds keeps a valid plot valid, apart from being unfinished', () => {
    fc.assert(
      fc.property(editedPlotArbitrary, operationArbitrary, (plot, operation) => {
        const edit = operation(plot, (i) => plot[i % plot.length]?.movie_plot_id ?? 0);
        if (!edit.ok) return;
        const problems = validatePlot(edit.plot, ITEMS).filter(
          (p) => p.kind !== 'no-item' && p.kind !== 'empty',
        );
        expect(problems).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('only lock edits touch a locked subtree', () => {
    fc.assert(
      fc.property(editedPlotArbitrary, operationArbitrary, (plot, operation) => {
        const before = plot;
        const edit = operation(before, (i) => before[i % before.length]?.movie_plot_id ?? 0);
        if (!edit.ok) return;
        const unlocked = edit.plot.filter((n) => n.locked === '0').length;
        const wasUnlocked = before.filter((n) => n.locked === '0').length;
        const lifted = edit.plot.length === before.length && unlocked > wasUnlocked;
        if (!lifted) expect(keepsLockedSubtrees(before, edit.plot)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts exactly the plots the spec allows, however they were damaged', () => {
    fc.assert(
      fc.property(editedPlotArbitrary, damageArbitrary, (plot, damage) => {
        const damaged = damage(plot);
        const accepted = validatePlot(damaged, ITEMS).length === 0;
        expect(accepted).toBe(damaged.length > 0 && acceptable(damaged, ITEMS));
      }),
      { numRuns: 500 },
    );
  });
});
