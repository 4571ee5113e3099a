// @vitest-environment jsdom
import type { WatchData } from '@plotline/core';
import { NO_NODE_LOGIC, type NodeLogic } from '@plotline/core/story-logic';
import { getByRole, queryByRole, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Texts } from './i18n/texts.ts';
import { resumeKey } from './story/resume-state.ts';
import { TIMED_CHOICES_KEY } from './story/timed-choices-setting.ts';
import { flush, mount, press } from './test/mount-player.ts';
import { makeWatchData } from './test/watch-data.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  localStorage.clear();
});

type PlotNode = WatchData['plot'][number];

/** A plot node of the fork's items with story logic. */
const node = (
  id: number,
  item: number,
  parent: number | null,
  logic: Partial<NodeLogic> = {},
): PlotNode => ({
  id,
  movie_content_id: item,
  parent_id: parent,
  banners: [],
  ...NO_NODE_LOGIC,
  ...logic,
});

const items = [
  ...makeWatchData().items,
  {
    ...makeWatchData().items[2]!,
    movie_content_id: 14,
    captions: { 1: 'Wait here', 6: 'انتظر هنا' },
  },
];

/** The fork whose question (node 2) is timed: 6 s, the right path (4) by default. */
const timedFork = (): Partial<WatchData> => ({
  plot: [
    node(1, 10, null),
    node(2, 11, 1, { decision_seconds: 6, default_option_id: 4 }),
    node(3, 12, 2),
    node(4, 13, 2),
  ],
});

const said = (page: HTMLElement) => page.querySelector('[aria-live]')!.textContent;
const key = (name: string) =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));

/** Play, the opening, then the question on screen `time` seconds in. */
async function toQuestion(mounted: Awaited<ReturnType<typeof mount>>, time = 1) {
  press(getByRole(mounted.page, 'button', { name: 'Play' }));
  await flush();
  mounted.engine.show(0);
  mounted.engine.show(1);
  mounted.engine.playTo(1, time, 8);
  return mounted;
}

describe('a timed choice', () => {
  it('shows its options decision_seconds + 1 before the end, counts down, reads it out and takes the default', async () => {
    const mounted = await mount(timedFork());
    const { engine, page, recorded } = mounted;
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    engine.show(0);
    engine.show(1);
    // 8 s node, 6 s to decide: shown from 1 s (7 s before the end), not the usual 3 s.
    engine.playTo(1, 0.9, 8);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    engine.playTo(1, 1, 8);
    expect(getByRole(page, 'region', { name: 'Choices' })).toBeTruthy();
    const timer = getByRole(page, 'timer', { name: 'Time to choose' });
    expect(timer.textContent).toContain('6');
    expect(timer.textContent).toContain('6 seconds left.');
    await vi.advanceTimersByTimeAsync(100);
    expect(said(page)).toBe(
      'Choose what happens next: Take the left path, Take the right path. ' +
        '6 seconds to choose; if you do not choose: Take the right path.',
    );

    await vi.advanceTimersByTimeAsync(1200);
    expect(said(page)).toBe('5 seconds left.');
    expect(timer.textContent).toContain('5 seconds left.');
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2]);

    await vi.advanceTimersByTimeAsync(5000);
    // Queued a second before the end: seamless.
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2, 4]);
    expect(engine.end).toHaveBeenCalledTimes(1);
    expect(recorded.at(-1)).toEqual({ type: 'choice', node_id: 2, option_id: 4, by: 'timer' });
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    expect(queryByRole(page, 'timer')).toBeNull();
    // The focus was on the first option: it goes to Pause, not to the page.
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(said(page)).toBe('Time is up: Take the right path.');
  });

  it('stops counting while the video is paused, and reports a viewer’s choice as before', async () => {
    const { engine, page, recorded, video } = await toQuestion(await mount(timedFork()));
    video.pause();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getByRole(page, 'timer').textContent).toContain('6 seconds left.');
    press(getByRole(page, 'button', { name: 'Take the left path' }));
    expect(engine.choose.mock.calls.at(-1)![0].id).toBe(3);
    expect(recorded.at(-1)).toEqual({ type: 'choice', node_id: 2, option_id: 3 });
  });

  it('pauses and resumes with its button and T, adds time with its button and E', async () => {
    const { engine, page } = await toQuestion(await mount(timedFork()));
    const pauseTimer = getByRole(page, 'button', { name: 'Pause timer' });
    expect(pauseTimer.getAttribute('aria-keyshortcuts')).toBe('T');
    const moreTime = getByRole(page, 'button', { name: 'More time' });
    expect(moreTime.getAttribute('aria-keyshortcuts')).toBe('E');

    press(pauseTimer);
    await vi.advanceTimersByTimeAsync(100);
    expect(said(page)).toBe('Timer paused.');
    // The video plays to the node's end and waits: still no default.
    engine.events.emit('nodeend', { index: 1, node: engine.path[1]! });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2]);
    expect(getByRole(page, 'timer').textContent).toContain('6 seconds left.');
    expect(pauseTimer.textContent).toBe('Resume timer');

    key('t');
    await vi.advanceTimersByTimeAsync(100);
    expect(said(page)).toBe('Timer resumed: 6 seconds left.');
    expect(pauseTimer.textContent).toBe('Pause timer');

    press(moreTime);
    await vi.advanceTimersByTimeAsync(100);
    expect(said(page)).toBe('More time: 26 seconds left.');
    key('E');
    await vi.advanceTimersByTimeAsync(100);
    expect(said(page)).toBe('More time: 46 seconds left.');

    // At the node's end the countdown runs on (the video waits on its last frame).
    await vi.advanceTimersByTimeAsync(30_000);
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2]);
    await vi.advanceTimersByTimeAsync(16_500);
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2, 4]);
  });

  it('never runs with the viewer’s “Timed choices” off, a setting kept for the device', async () => {
    localStorage.setItem(TIMED_CHOICES_KEY, 'off');
    const { engine, page } = await toQuestion(await mount(timedFork()));
    const timed = getByRole(page, 'switch', { name: 'Timed choices' });
    expect(timed.getAttribute('aria-checked')).toBe('false');
    // Untimed: the usual 5 s before the end.
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    engine.playTo(1, 3, 8);
    expect(getByRole(page, 'region', { name: 'Choices' })).toBeTruthy();
    expect(queryByRole(page, 'timer')).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(said(page)).toBe('Choose what happens next: Take the left path, Take the right path.');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2]);

    press(timed);
    expect(timed.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(TIMED_CHOICES_KEY)).toBeNull();
    press(timed);
    expect(localStorage.getItem(TIMED_CHOICES_KEY)).toBe('off');
  });

  it('stops its countdown when the viewer turns timers off while it runs', async () => {
    const { engine, page } = await toQuestion(await mount(timedFork()));
    expect(getByRole(page, 'timer')).toBeTruthy();
    press(getByRole(page, 'switch', { name: 'Timed choices' }));
    expect(queryByRole(page, 'timer')).toBeNull();
    expect(getByRole(page, 'region', { name: 'Choices' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2]);
  });

  it('offers no “Timed choices” switch in a story without a timer', async () => {
    const { page } = await mount();
    expect(queryByRole(page, 'switch', { name: 'Timed choices', hidden: true })).toBeNull();
  });
});

const score = { name: 'score', kind: 'number' as const, start: 0 };
const metAlex = { name: 'met_alex', kind: 'flag' as const, start: false };

describe('variables, conditions and automatic branches', () => {
  /** The opening adds `points`; the bridge (2) takes 3 when score ≥ 3, 5 when met_alex, else 4. */
  const autoFork = (points: number): Partial<WatchData> => ({
    items,
    variables: [score, metAlex],
    plot: [
      node(1, 10, null, { effects: [{ variable: 'score', op: 'add', value: points }] }),
      node(2, 11, 1, { branch: 'auto', default_option_id: 4 }),
      node(3, 12, 2, {
        condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value: 3 }] },
      }),
      node(5, 14, 2, {
        condition: { join: 'and', clauses: [{ variable: 'met_alex', op: 'eq', value: true }] },
      }),
      node(4, 13, 2),
    ],
  });

  it('takes the first option whose condition holds, queued at once, and reports it by auto', async () => {
    const { engine, page, recorded } = await mount(autoFork(3));
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2, 3]);
    expect(engine.end).toHaveBeenCalledTimes(1);
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    engine.show(0);
    engine.show(1);
    engine.playTo(1, 7, 8);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    expect(recorded).toEqual([
      { type: 'start' },
      { type: 'node', node_id: 1 },
      { type: 'node', node_id: 2 },
      { type: 'choice', node_id: 2, option_id: 3, by: 'auto' },
    ]);
  });

  it('takes the fallback when no condition holds, reported by auto too', async () => {
    const { engine, recorded, page } = await mount(autoFork(2));
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2, 4]);
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    engine.show(0);
    engine.show(1);
    expect(recorded.at(-1)).toEqual({ type: 'choice', node_id: 2, option_id: 4, by: 'auto' });
  });

  it('shows only the options whose condition holds; an option’s effects count from it on', async () => {
    const mounted = await mount(
      {
        items,
        variables: [score, metAlex],
        plot: [
          node(1, 10, null, { effects: [{ variable: 'score', op: 'set', value: 2 }] }),
          node(2, 11, 1),
          node(3, 12, 2, {
            condition: { join: 'or', clauses: [{ variable: 'score', op: 'gt', value: 2 }] },
          }),
          node(4, 13, 2, { effects: [{ variable: 'met_alex', op: 'set', value: true }] }),
          node(5, 14, 2, { effects: [{ variable: 'score', op: 'add', value: 10 }] }),
        ],
      },
      new Texts(),
      { resumeSlug: 'the-fork' },
    );
    const { engine, page, recorded } = await toQuestion(mounted, 3);
    const choices = getByRole(page, 'region', { name: 'Choices' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Take the right path', 'Wait here']);
    press(within(choices).getByRole('button', { name: 'Take the right path' }));
    expect(engine.choose.mock.calls.at(-1)![0].id).toBe(4);
    engine.show(2);
    const saved = JSON.parse(localStorage.getItem(resumeKey('the-fork'))!);
    expect(saved.state).toEqual({
      node_id: 4,
      values: { score: 2, met_alex: true },
      history: [1, 2],
    });
    expect(recorded.at(-2)).toEqual({ type: 'choice', node_id: 2, option_id: 4 });
  });

  it('hides every option but one: it follows by itself, no question, no choice reported', async () => {
    const mounted = await mount({
      items,
      variables: [score],
      plot: [
        node(1, 10, null),
        node(2, 11, 1),
        node(3, 12, 2, {
          condition: { join: 'and', clauses: [{ variable: 'score', op: 'ge', value: 1 }] },
        }),
        node(4, 13, 2),
      ],
    });
    expect(mounted.engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2, 4]);
    const { page, recorded } = await toQuestion(mounted, 7);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    expect(recorded.some((event) => event.type === 'choice')).toBe(false);
  });

  it('plays a dead end (every option hidden) as an ending', async () => {
    const { engine } = await mount({
      variables: [score],
      plot: [
        node(1, 10, null),
        node(2, 11, 1, {
          condition: { join: 'and', clauses: [{ variable: 'score', op: 'gt', value: 0 }] },
        }),
      ],
    });
    expect(engine.choose).not.toHaveBeenCalled();
    expect(engine.end).toHaveBeenCalledTimes(1);
  });

  it('continues at a link’s node, queued with the option; a loop asks again with the new values', async () => {
    const mounted = await mount(
      {
        variables: [score],
        plot: [
          node(1, 10, null),
          node(2, 11, 1),
          node(3, 12, 2),
          // The right path goes back to the question with one point more.
          node(4, 13, 2, {
            effects: [{ variable: 'score', op: 'add', value: 1 }],
            goto_id: 2,
          }),
        ],
      },
      new Texts(),
      { resumeSlug: 'the-fork' },
    );
    const { engine, page } = await toQuestion(mounted, 3);
    press(getByRole(page, 'button', { name: 'Take the right path' }));
    expect(engine.choose.mock.calls.map(([chosen]) => chosen.id)).toEqual([2, 4, 2]);
    expect(engine.end).not.toHaveBeenCalled();
    engine.show(2);
    engine.show(3);
    expect(JSON.parse(localStorage.getItem(resumeKey('the-fork'))!).state).toEqual({
      node_id: 2,
      values: { score: 1 },
      history: [1, 2, 4],
    });
    engine.playTo(3, 3, 8);
    expect(getByRole(page, 'region', { name: 'Choices' })).toBeTruthy();
  });
});
