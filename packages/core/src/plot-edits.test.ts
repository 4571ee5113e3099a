import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  addBannerComponent,
  addChild,
  addSibling,
  removeSubtree,
  renameVariable,
  setBanner,
  setBannerTime,
  setBannerType,
  setContent,
  setLock,
  setNodeLogic,
  startPlot,
  variableUses,
} from './plot-edits.ts';
import { plotInTreeOrder } from './plot-tree.ts';
import { validatePlot } from './plot-validation.ts';
import type { ConditionClause } from './story-logic.ts';
import { add, bridge, clip, ITEMS, node, plotOf, setTo, story, when } from './test/plot.ts';

const clause = (variable: string): ConditionClause => ({ variable, op: 'eq', value: true });

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

describe('story logic edits', () => {
  it('set some of a node’s logic, copying what they are given', () => {
    const condition = when('score', 'ge', 3);
    const effects = [add('score', 1)];
    const plot = plotOf(setNodeLogic(story(), 3, { condition, effects }));
    expect(plot[2]).toEqual(node(3, 2, 1, { condition, effects }));
    expect(plot[2]!.condition).not.toBe(condition);
    expect(plot[2]!.effects[0]).not.toBe(effects[0]);
    const timed = plotOf(setNodeLogic(plot, 2, { decision_seconds: 10, default_option_id: 4 }));
    expect(timed[1]).toEqual(node(2, 1, 11, { decision_seconds: 10, default_option_id: 4 }));
    expect(plotOf(setNodeLogic(timed, 2, { decision_seconds: null }))[1]).toEqual(
      node(2, 1, 11, { default_option_id: 4 }),
    );
    // Only logic: a node given as the patch changes nothing else.
    const other = { ...node(9, null, 2), branch: 'auto' as const };
    expect(plotOf(setNodeLogic(story(), 3, other))[2]).toEqual(node(3, 2, 1, { branch: 'auto' }));
  });

  it('refuse logic on a missing node or in a locked subtree', () => {
    expect(setNodeLogic(story(), 9, { branch: 'auto' })).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    const locked = plotOf(setLock(story(), 2, true));
    expect(setNodeLogic(locked, 4, { effects: [] })).toEqual({
      ok: false,
      reason: 'locked',
      message: MESSAGES.plotLocked,
    });
  });

  it('clear links and defaults into removed nodes, refused when a locked node links there', () => {
    const plot = [
      node(1, null, 1),
      node(2, 1, 11, { default_option_id: 4, decision_seconds: 10 }),
      node(3, 2, 1, { goto_id: 5 }),
      node(4, 2, 2),
      node(5, 4, 12),
      node(6, 5, 1),
    ];
    expect(plotOf(removeSubtree(plot, 4))).toEqual([
      node(1, null, 1),
      node(2, 1, 11, { decision_seconds: 10 }),
      node(3, 2, 1),
    ]);
    expect(plotOf(removeSubtree(plot, 6))[2]).toEqual(plot[2]);
    const locked = plotOf(setLock(plot, 3, true));
    expect(removeSubtree(locked, 5)).toEqual({
      ok: false,
      reason: 'locked',
      message: MESSAGES.plotLocked,
    });
  });

  it('list and rename the uses of a variable, in conditions and effects', () => {
    const plot = [
      node(1, null, 1, { effects: [setTo('met_alex', true), add('score', 1)] }),
      node(2, 1, 11),
      node(3, 2, 1, { condition: when('score', 'ge', 1, 'or', ...[clause('met_alex')]) }),
      node(4, 2, 2, { condition: when('met_alex', 'eq', false) }),
    ];
    expect(variableUses(plot, 'score')).toEqual([1, 3]);
    expect(variableUses(plot, 'met_alex')).toEqual([1, 3, 4]);
    expect(variableUses(plot, 'nobody')).toEqual([]);
    const renamed = renameVariable(plot, 'score', 'points');
    expect(renamed[0]!.effects).toEqual([setTo('met_alex', true), add('points', 1)]);
    expect(renamed[2]!.condition).toEqual(when('points', 'ge', 1, 'or', ...[clause('met_alex')]));
    expect(renamed[1]).toBe(plot[1]);
    expect(renamed[3]).toBe(plot[3]);
    expect(variableUses(renamed, 'score')).toEqual([]);
    expect(plot[0]!.effects[1]).toEqual(add('score', 1));
  });
});
