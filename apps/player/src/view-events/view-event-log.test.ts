import { viewEventsSchema, type ViewEvents } from '@plotline/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  VIEW_EVENTS_MAX_BYTES,
  VIEW_EVENTS_MAX_PER_BATCH,
  VIEW_SESSION_PATTERN,
} from '@plotline/core/publishing';
import { PlayedTime } from './played-time.ts';
import {
  newViewSession,
  viewEventBatches,
  ViewEventLog,
  viewEventsSender,
} from './view-event-log.ts';

const SESSION = 'k3J9x-2mQ8_pZ7aBcD';

function setUp() {
  let clock = 1000;
  const sent: { batch: ViewEvents; beacon: boolean }[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const log = new ViewEventLog({
    session: SESSION,
    now: () => clock,
    send: (batch, { beacon }) => sent.push({ batch, beacon }),
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  return { log, sent, timers, tick: (ms: number) => (clock += ms) };
}

describe('ViewEventLog', () => {
  it('sends a batch ten seconds after its first event, timed from the viewing’s start', () => {
    const { log, sent, timers, tick } = setUp();
    tick(250);
    log.record({ type: 'start' });
    tick(40);
    log.record({ type: 'node', node_id: 1 });
    expect(sent).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([10_000]);
    timers[0]!.run();
    expect(sent).toEqual([
      {
        batch: {
          session: SESSION,
          events: [
            { type: 'start', at: 250 },
            { type: 'node', at: 290, node_id: 1 },
          ],
        },
        beacon: false,
      },
    ]);
    expect(viewEventsSchema.safeParse(sent[0]!.batch).success).toBe(true);
  });

  it('sends at once when 20 events wait', () => {
    const { log, sent, timers } = setUp();
    for (let index = 0; index < 20; index += 1) log.record({ type: 'node', node_id: index + 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.batch.events).toHaveLength(20);
    expect(timers[0]!.cleared).toBe(true);
  });

  it('reports the seconds watched since the last batch with each batch', () => {
    const { log, sent, timers, tick } = setUp();
    log.addWatched(0.25);
    log.addWatched(4.004);
    tick(10_000);
    timers[0]!.run();
    expect(sent[0]!.batch.events).toEqual([{ type: 'watched', at: 10_000, seconds: 4.25 }]);
    log.addWatched(0);
    log.flush();
    expect(sent).toHaveLength(1);
  });

  it('sends what waits as a beacon when the page is hidden', () => {
    const { log, sent } = setUp();
    log.record({ type: 'choice', node_id: 2, option_id: 3 });
    log.flush({ beacon: true });
    expect(sent).toEqual([
      {
        batch: { session: SESSION, events: [{ type: 'choice', at: 0, node_id: 2, option_id: 3 }] },
        beacon: true,
      },
    ]);
    log.flush({ beacon: true });
    expect(sent).toHaveLength(1);
  });
});

describe('viewEventBatches', () => {
  it('keeps each batch within core’s count and size limits', () => {
    const events = Array.from({ length: 250 }, (_, index) => ({
      type: 'node' as const,
      at: index,
      node_id: index + 1,
    }));
    const batches = viewEventBatches(SESSION, events);
    expect(batches.map((batch) => batch.events.length)).toEqual([100, 100, 50]);
    for (const batch of batches) expect(viewEventsSchema.safeParse(batch).success).toBe(true);
  });

  it('needs no split by size: the longest events, as many as a batch takes, fit', () => {
    const longest = {
      type: 'choice' as const,
      at: 86_400_000,
      node_id: Number.MAX_SAFE_INTEGER,
      option_id: Number.MAX_SAFE_INTEGER,
    };
    const [batch] = viewEventBatches(
      'x'.repeat(64),
      Array(VIEW_EVENTS_MAX_PER_BATCH).fill(longest),
    );
    expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(
      VIEW_EVENTS_MAX_BYTES,
    );
  });
});

describe('newViewSession', () => {
  it('is a random id the server takes', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newViewSession()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(VIEW_SESSION_PATTERN);
    expect(newViewSession((bytes) => bytes.fill(255))).toBe('_____________________w');
  });
});

describe('viewEventsSender', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts JSON without cookies, or a beacon when the page goes away', () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { sendBeacon });
    const send = viewEventsSender('/api/watch/the-fork/events');

    const batch = (id: string) => ({ session: id, events: [] });
    send(batch('a'), { beacon: false });
    expect(fetch).toHaveBeenCalledWith(
      '/api/watch/the-fork/events',
      expect.objectContaining({
        method: 'POST',
        body: '{"session":"a","events":[]}',
        credentials: 'omit',
      }),
    );
    send(batch('b'), { beacon: true });
    expect(sendBeacon).toHaveBeenCalledWith(
      '/api/watch/the-fork/events',
      '{"session":"b","events":[]}',
    );
    expect(fetch).toHaveBeenCalledTimes(1);

    sendBeacon.mockReturnValueOnce(false);
    send(batch('c'), { beacon: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('PlayedTime', () => {
  it('counts seconds played, not pauses or jumps', () => {
    const played = new PlayedTime();
    expect(played.advance(0, true)).toBe(0);
    expect(played.advance(0.25, true)).toBe(0.25);
    expect(played.advance(0.5, false)).toBe(0);
    expect(played.advance(30, true)).toBe(0);
    expect(played.advance(0.25, true)).toBe(0);
    expect(played.advance(0.75, true)).toBe(0.5);
  });
});
