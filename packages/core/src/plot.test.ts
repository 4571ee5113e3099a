import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMmSs } from './mm-ss.ts';
import { BANNER_COMPONENT_TYPES, type PlotItem, type PlotNode } from './plot.ts';
import {
  addBannerComponent,
  addChild,
  addSibling,
  removeSubtree,
  setBanner,
  setBannerTime,
  setBannerType,
  setContent,
  setLock,
  setNodeLogic,
  startPlot,
  type PlotEdit,
} from './plot-edits.ts';
import { keepsLockedSubtrees } from './plot-tree.ts';
import { validatePlot } from './plot-validation.ts';
import { BRANCH_MODES } from './story-logic.ts';
import { bridge, clip, ITEMS, plotOf } from './test/plot.ts';

/** The plot's rules together, on plots made by random edits and damaged at random. */

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
const editedPlot = (operation: fc.Arbitrary<Operation>) =>
  fc.array(operation, { maxLength: 40 }).map((operations) => {
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
const editedPlotArbitrary = editedPlot(operationArbitrary);

/** The editor's operations with story logic too: links, defaults, conditions and effects. */
const logicOperationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  operationArbitrary,
  operationArbitrary,
  fc.tuple(fc.nat(), fc.nat()).map(
    ([i, j]): Operation =>
      (plot, pick) =>
        setNodeLogic(plot, pick(i), { goto_id: pick(j) }),
  ),
  fc.tuple(fc.nat(), fc.nat()).map(([i, j]): Operation => (plot, pick) => {
    // A link, then its plot locked: what removing the link's target must not change.
    const linked = setNodeLogic(plot, pick(i), { goto_id: pick(j) });
    return linked.ok ? setLock(linked.plot, pick(i), true) : linked;
  }),
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...BRANCH_MODES)).map(
    ([i, j, branch]): Operation =>
      (plot, pick) =>
        setNodeLogic(plot, pick(i), { branch, default_option_id: pick(j), decision_seconds: 10 }),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 })).map(
    ([i, value]): Operation =>
      (plot, pick) =>
        setNodeLogic(plot, pick(i), {
          condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value }] },
          effects: [{ variable: 'score', op: 'add', value }],
        }),
  ),
);

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

  it('only lock edits touch a locked subtree, story logic included', () => {
    fc.assert(
      fc.property(
        editedPlot(logicOperationArbitrary),
        logicOperationArbitrary,
        (plot, operation) => {
          const before = plot;
          const edit = operation(before, (i) => before[i % before.length]?.movie_plot_id ?? 0);
          if (!edit.ok) return;
          const unlocked = edit.plot.filter((n) => n.locked === '0').length;
          const wasUnlocked = before.filter((n) => n.locked === '0').length;
          const lifted = edit.plot.length === before.length && unlocked > wasUnlocked;
          if (!lifted) expect(keepsLockedSubtrees(before, edit.plot)).toBe(true);
        },
      ),
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
