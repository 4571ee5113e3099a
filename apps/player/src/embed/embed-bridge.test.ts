// @vitest-environment jsdom
import { describe, expect, it, vi, type Mock } from 'vitest';
import { EmbedBridge, embedOriginsOf, type EmbeddedPlayer } from './embed-bridge.ts';
import type { PlayerState } from './player-api.ts';

const STATE: PlayerState = {
  node: 2,
  time: 1.5,
  duration: 8,
  paused: false,
  ended: false,
  path: [1, 2],
  choices: [{ index: 0, label: 'Left' }],
};

/**
 * The embed page's window in a frame of `parentOrigin` (as the browser's `ancestorOrigins` says,
 * where it does), with the messages it posts to its parent.
 */
function framedWindow(options: { ancestor?: string } = {}) {
  const parent = { postMessage: vi.fn() };
  let listener: ((event: MessageEvent) => void) | null = null;
  const window = {
    parent,
    location: {
      origin: 'https://plotline.test',
      ...(options.ancestor ? { ancestorOrigins: [options.ancestor] } : {}),
    },
    addEventListener: (_type: string, fn: (event: MessageEvent) => void) => (listener = fn),
    removeEventListener: () => (listener = null),
  };
  /** A message to the embed page, from its parent unless `source` says otherwise. */
  const receive = (data: unknown, origin: string, source: unknown = parent) =>
    listener?.({ data, origin, source } as MessageEvent);
  return { window: window as unknown as Window, parent, receive, listening: () => listener };
}

function fakePlayer(): { [K in keyof EmbeddedPlayer]: Mock<EmbeddedPlayer[K]> } {
  return {
    hostPlay: vi.fn<EmbeddedPlayer['hostPlay']>(),
    hostPause: vi.fn<EmbeddedPlayer['hostPause']>(),
    hostChoose: vi.fn((index: number) => index === 0),
    hostState: vi.fn(() => STATE),
  };
}

describe("the embed page's bridge to its host", () => {
  it('reads the sites the server allowed from the page', () => {
    document.head.innerHTML =
      '<meta name="plotline-embed-origins" content="https://a.example http://localhost:5000">';
    expect(embedOriginsOf(document)).toEqual(['https://a.example', 'http://localhost:5000']);
    document.head.innerHTML = '';
    expect(embedOriginsOf(document)).toEqual([]);
  });

  it("says ready to the allowed parent's origin only, never to any", () => {
    const { window, parent } = framedWindow({ ancestor: 'https://a.example' });
    new EmbedBridge(['https://a.example', 'https://b.example'], window).connect(fakePlayer());
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { plotline: 1, type: 'ready', state: STATE },
      'https://a.example',
    );
  });

  it('without ancestorOrigins, posts to each allowed site (the browser delivers to the parent only)', () => {
    const { window, parent } = framedWindow();
    new EmbedBridge(['https://a.example', 'https://b.example'], window).connect(fakePlayer());
    expect(parent.postMessage.mock.calls.map(([, target]) => target)).toEqual([
      'https://plotline.test',
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('hears and tells the pages under a *. site, which is no target by itself', () => {
    const framed = framedWindow({ ancestor: 'https://shop.example.com' });
    new EmbedBridge(['https://*.example.com'], framed.window).connect(fakePlayer());
    expect(framed.parent.postMessage.mock.calls.map(([, target]) => target)).toEqual([
      'https://shop.example.com',
    ]);

    const { window, parent, receive } = framedWindow();
    const player = fakePlayer();
    new EmbedBridge(['https://*.example.com', 'https://a.example'], window).connect(player);
    expect(parent.postMessage.mock.calls.map(([, target]) => target)).toEqual([
      'https://plotline.test',
      'https://a.example',
    ]);
    receive({ plotline: 1, type: 'play' }, 'https://example.com');
    expect(player.hostPlay).not.toHaveBeenCalled();
    receive({ plotline: 1, type: 'play' }, 'https://blog.example.com');
    expect(player.hostPlay).toHaveBeenCalledTimes(1);
    parent.postMessage.mockClear();
    receive({ plotline: 1, type: 'getState', id: 7 }, 'https://blog.example.com');
    expect(parent.postMessage).toHaveBeenCalledWith(
      { plotline: 1, type: 'state', id: 7, state: STATE },
      'https://blog.example.com',
    );
  });

  it('posts to any origin only when the project allows any site', () => {
    const { window, parent } = framedWindow();
    new EmbedBridge(['*'], window).connect(fakePlayer());
    expect(parent.postMessage.mock.calls.map(([, target]) => target)).toEqual(['*']);
  });

  it('does not tell a parent of a site the project does not allow, and ignores its commands', () => {
    const { window, parent, receive } = framedWindow({ ancestor: 'https://evil.example' });
    const player = fakePlayer();
    new EmbedBridge(['https://a.example'], window).connect(player);
    expect(parent.postMessage.mock.calls.map(([, target]) => target)).not.toContain(
      'https://evil.example',
    );
    parent.postMessage.mockClear();
    receive({ plotline: 1, type: 'play' }, 'https://evil.example');
    receive({ plotline: 1, type: 'getState', id: 1 }, 'https://evil.example');
    expect(player.hostPlay).not.toHaveBeenCalled();
    expect(player.hostState).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('ignores messages from another window than its parent, and messages not of the protocol', () => {
    const { window, parent, receive } = framedWindow({ ancestor: 'https://a.example' });
    const player = fakePlayer();
    new EmbedBridge(['https://a.example'], window).connect(player);
    receive({ plotline: 1, type: 'play' }, 'https://a.example', { postMessage: vi.fn() });
    receive({ type: 'play' }, 'https://a.example');
    receive({ plotline: 2, type: 'play' }, 'https://a.example');
    receive('play', 'https://a.example');
    receive(null, 'https://a.example');
    expect(player.hostPlay).not.toHaveBeenCalled();
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
  });

  it("runs an allowed host's commands and answers getState to its origin", () => {
    const { window, parent, receive } = framedWindow();
    const player = fakePlayer();
    new EmbedBridge(['https://a.example', 'https://b.example'], window).connect(player);
    parent.postMessage.mockClear();
    receive({ plotline: 1, type: 'play' }, 'https://b.example');
    expect(player.hostPlay).toHaveBeenCalledTimes(1);
    receive({ plotline: 1, type: 'pause' }, 'https://b.example');
    expect(player.hostPause).toHaveBeenCalledTimes(1);
    receive({ plotline: 1, type: 'choose', index: 0 }, 'https://b.example');
    expect(player.hostChoose).toHaveBeenCalledWith(0);
    receive({ plotline: 1, type: 'getState', id: 7 }, 'https://b.example');
    // The host's origin is known now: everything goes there alone.
    expect(parent.postMessage.mock.calls).toEqual([
      [{ plotline: 1, type: 'state', id: 7, state: STATE }, 'https://b.example'],
    ]);
    receive({ plotline: 1, type: 'hello' }, 'https://b.example');
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      { plotline: 1, type: 'ready', state: STATE },
      'https://b.example',
    );
  });

  it('refuses an option that is not on screen, with an error event', () => {
    const { window, parent, receive } = framedWindow({ ancestor: 'https://a.example' });
    const player = fakePlayer();
    new EmbedBridge(['https://a.example'], window).connect(player);
    for (const index of [3, -1, 1.5, '0', undefined]) {
      receive({ plotline: 1, type: 'choose', index }, 'https://a.example');
    }
    const errors = parent.postMessage.mock.calls.filter(([message]) => message.type === 'error');
    expect(errors).toHaveLength(5);
    expect(errors[0]).toEqual([
      {
        plotline: 1,
        type: 'error',
        command: 'choose',
        message: 'No option at this index is on screen',
      },
      'https://a.example',
    ]);
    expect(player.hostChoose.mock.calls).toEqual([[3], [-1]]);
  });

  it("passes the player's events on, timeupdate at most twice a second", () => {
    const { window, parent } = framedWindow({ ancestor: 'https://a.example' });
    let now = 0;
    const bridge = new EmbedBridge(['https://a.example'], window, () => now);
    bridge.connect(fakePlayer());
    parent.postMessage.mockClear();
    bridge.tell({ type: 'node', node: 2, path: [1, 2] });
    bridge.tell({ type: 'choices', node: 2, options: [{ index: 0, label: 'Left' }] });
    bridge.tell({ type: 'choice', node: 2, index: 0, option: 3, by: 'host' });
    bridge.tell({ type: 'ended', node: 3 });
    for (const time of [0, 0.25, 0.5, 0.75, 1]) {
      now = time * 1000;
      bridge.tell({ type: 'timeupdate', node: 3, time, duration: 8 });
    }
    expect(parent.postMessage.mock.calls.map(([message]) => message)).toEqual([
      { plotline: 1, type: 'node', node: 2, path: [1, 2] },
      { plotline: 1, type: 'choices', node: 2, options: [{ index: 0, label: 'Left' }] },
      { plotline: 1, type: 'choice', node: 2, index: 0, option: 3, by: 'host' },
      { plotline: 1, type: 'ended', node: 3 },
      { plotline: 1, type: 'timeupdate', node: 3, time: 0, duration: 8 },
      { plotline: 1, type: 'timeupdate', node: 3, time: 0.5, duration: 8 },
      { plotline: 1, type: 'timeupdate', node: 3, time: 1, duration: 8 },
    ]);
    expect(new Set(parent.postMessage.mock.calls.map(([, target]) => target))).toEqual(
      new Set(['https://a.example']),
    );
  });

  it('does nothing outside a frame', () => {
    const listeners: unknown[] = [];
    const top = {
      location: { origin: 'https://plotline.test' },
      addEventListener: (...args: unknown[]) => listeners.push(args),
      postMessage: vi.fn(),
    } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
    (top as unknown as { parent: Window }).parent = top;
    new EmbedBridge(['*'], top).connect(fakePlayer());
    expect(listeners).toEqual([]);
    expect(top.postMessage).not.toHaveBeenCalled();
  });
});
