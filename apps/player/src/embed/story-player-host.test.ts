// @vitest-environment jsdom
import { getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, mount } from '../test/mount-player.ts';
import type { HostEvent } from './embed-bridge.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** The player with a host page told its events, played by the host to the question's choices. */
async function hostedToChoices() {
  const told: HostEvent[] = [];
  const mounted = await mount({}, undefined, { tellHost: (event) => told.push(event) });
  const { player, engine } = mounted;
  player.hostPlay();
  await flush();
  engine.show(0);
  engine.show(1);
  engine.playTo(1, 6, 8);
  return { ...mounted, told };
}

describe('the story player, driven by the embed page’s host', () => {
  it('tells nothing of the story before the viewing starts', async () => {
    const told: HostEvent[] = [];
    const { player, engine } = await mount({}, undefined, {
      tellHost: (event) => told.push(event),
    });
    engine.show(0);
    expect(told).toEqual([]);
    expect(player.hostState()).toMatchObject({ node: null, path: [], choices: null });
  });

  it('plays as the Play button does, and tells the nodes, the choices and their time', async () => {
    const { page, told, player, video } = await hostedToChoices();
    expect(video.play).toHaveBeenCalled();
    expect(queryByRole(page, 'button', { name: 'Play' })).toBeNull();
    expect(told.filter((event) => event.type !== 'timeupdate')).toEqual([
      { type: 'node', node: 1, path: [1] },
      { type: 'node', node: 2, path: [1, 2] },
      {
        type: 'choices',
        node: 2,
        options: [
          { index: 0, label: 'Take the left path' },
          { index: 1, label: 'Take the right path' },
        ],
      },
    ]);
    expect(told).toContainEqual({ type: 'timeupdate', node: 2, time: 6, duration: 8 });
    // The walk plans ahead; the host sees only what was played.
    expect(player.hostState()).toEqual({
      node: 2,
      time: 6,
      duration: 8,
      paused: expect.any(Boolean),
      ended: false,
      path: [1, 2],
      choices: [
        { index: 0, label: 'Take the left path' },
        { index: 1, label: 'Take the right path' },
      ],
    });
  });

  it('takes an option on screen as the viewer would, recorded and told as the host’s', async () => {
    const { page, told, player, engine, recorded } = await hostedToChoices();
    expect(player.hostChoose(5)).toBe(false);
    expect(player.hostChoose(1)).toBe(true);
    expect(engine.choose.mock.calls.at(-1)![0].id).toBe(4);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    expect(recorded.at(-1)).toEqual({ type: 'choice', node_id: 2, option_id: 4, by: 'host' });
    expect(told.at(-1)).toEqual({ type: 'choice', node: 2, index: 1, option: 4, by: 'host' });
    // Once taken, no other.
    expect(player.hostChoose(0)).toBe(false);
    expect(player.hostState().choices).toBeNull();
  });

  it('tells a viewer’s own choice, and the ending', async () => {
    const { page, told, engine } = await hostedToChoices();
    getByRole(page, 'button', { name: 'Take the left path' }).click();
    expect(told.at(-1)).toEqual({ type: 'choice', node: 2, index: 0, option: 3, by: 'viewer' });
    engine.show(2);
    engine.events.emit('ended', { index: 2, node: engine.path[2]! });
    expect(told.at(-1)).toEqual({ type: 'ended', node: 3 });
  });

  it('pauses the video', async () => {
    const { player, video } = await hostedToChoices();
    const pause = vi.spyOn(video, 'pause');
    player.hostPause();
    expect(pause).toHaveBeenCalled();
  });

  it('refuses an option before its choices show', async () => {
    const told: HostEvent[] = [];
    const { player, engine } = await mount({}, undefined, {
      tellHost: (event) => told.push(event),
    });
    player.hostPlay();
    await flush();
    engine.show(0);
    engine.show(1);
    expect(player.hostChoose(0)).toBe(false);
  });
});
