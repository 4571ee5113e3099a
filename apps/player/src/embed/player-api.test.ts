// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlotlinePlayer, type PlayerState } from './player-api.ts';

const STATE: PlayerState = {
  node: 1,
  time: 0,
  duration: 8,
  paused: true,
  ended: false,
  path: [1],
  choices: null,
};

/** A frame of the player's site, its window's posted messages recorded. */
function frame() {
  const iframe = document.createElement('iframe');
  iframe.src = 'https://plotline.test/embed/the-fork';
  document.body.append(iframe);
  const frameWindow = iframe.contentWindow!;
  const postMessage = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => {});
  /** A message from the frame (or from `source`, `origin`), as the browser hands it to the page. */
  const fromPlayer = (
    data: unknown,
    origin = 'https://plotline.test',
    source: unknown = frameWindow,
  ) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  return { iframe, postMessage, fromPlayer };
}

afterEach(() => document.body.replaceChildren());

describe('PlotlinePlayer (/player-api.js)', () => {
  it("sends its commands to the frame's origin only, hello first", () => {
    const { iframe, postMessage } = frame();
    const player = new PlotlinePlayer(iframe);
    player.play();
    player.pause();
    player.choose(1);
    expect(postMessage.mock.calls).toEqual([
      [{ plotline: 1, type: 'hello' }, 'https://plotline.test'],
      [{ plotline: 1, type: 'play' }, 'https://plotline.test'],
      [{ plotline: 1, type: 'pause' }, 'https://plotline.test'],
      [{ plotline: 1, type: 'choose', index: 1 }, 'https://plotline.test'],
    ]);
  });

  it("hands the player's events to their listeners, without the protocol's fields", () => {
    const { iframe, fromPlayer } = frame();
    const player = new PlotlinePlayer(iframe);
    const ready = vi.fn();
    const choice = vi.fn();
    const errors = vi.fn();
    player.on('ready', ready).on('choice', choice).on('error', errors);
    fromPlayer({ plotline: 1, type: 'ready', state: STATE });
    fromPlayer({ plotline: 1, type: 'choice', node: 2, index: 0, option: 3, by: 'host' });
    fromPlayer({ plotline: 1, type: 'error', command: 'choose', message: 'No option' });
    expect(ready).toHaveBeenCalledWith({ state: STATE });
    expect(choice).toHaveBeenCalledWith({ node: 2, index: 0, option: 3, by: 'host' });
    expect(errors).toHaveBeenCalledWith({ command: 'choose', message: 'No option' });
    player.off('choice', choice);
    fromPlayer({ plotline: 1, type: 'choice', node: 2, index: 1, option: 4, by: 'viewer' });
    expect(choice).toHaveBeenCalledTimes(1);
  });

  it('hears only its frame, from its origin, in its protocol', () => {
    const { iframe, fromPlayer } = frame();
    const other = frame();
    const player = new PlotlinePlayer(iframe);
    const node = vi.fn();
    player.on('node', node);
    fromPlayer({ plotline: 1, type: 'node', node: 2, path: [1, 2] }, 'https://evil.example');
    fromPlayer(
      { plotline: 1, type: 'node', node: 2, path: [1, 2] },
      'https://plotline.test',
      other.iframe.contentWindow,
    );
    fromPlayer({ type: 'node', node: 2, path: [1, 2] });
    fromPlayer({ plotline: 1, type: 'unknown' });
    expect(node).not.toHaveBeenCalled();
    fromPlayer({ plotline: 1, type: 'node', node: 2, path: [1, 2] });
    expect(node).toHaveBeenCalledWith({ node: 2, path: [1, 2] });
  });

  it("answers getState with the player's answer to that call", async () => {
    const { iframe, postMessage, fromPlayer } = frame();
    const player = new PlotlinePlayer(iframe);
    const first = player.getState();
    const second = player.getState();
    const ids = postMessage.mock.calls.slice(1).map(([message]) => (message as { id: number }).id);
    expect(ids).toEqual([1, 2]);
    fromPlayer({ plotline: 1, type: 'state', id: 2, state: { ...STATE, node: 2 } });
    fromPlayer({ plotline: 1, type: 'state', id: 1, state: STATE });
    await expect(first).resolves.toEqual(STATE);
    await expect(second).resolves.toEqual({ ...STATE, node: 2 });
  });

  it('fails getState when the player does not answer, or is destroyed', async () => {
    vi.useFakeTimers();
    try {
      const { iframe } = frame();
      const player = new PlotlinePlayer(iframe);
      const unanswered = player.getState();
      vi.advanceTimersByTime(5000);
      await expect(unanswered).rejects.toThrow('The player did not answer');
      const pending = player.getState();
      player.destroy();
      await expect(pending).rejects.toThrow('The player was destroyed');
    } finally {
      vi.useRealTimers();
    }
  });
});
