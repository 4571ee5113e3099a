import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { offsetClock } from './clock.ts';

const HOUR_MS = 3_600_000;
const folder = await mkdtemp(path.join(tmpdir(), 'plotline-clock-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** How far the clock is from the system's, to the nearest second. */
function aheadBy(clock: { now(): Date }): number {
  return Math.round((clock.now().getTime() - Date.now()) / 1000) * 1000;
}

describe('offsetClock', () => {
  it('runs as the system clock while the file is missing or empty', async () => {
    const file = path.join(folder, 'missing');
    expect(aheadBy(offsetClock(file))).toBe(0);
    await writeFile(file, '');
    expect(aheadBy(offsetClock(file))).toBe(0);
  });

  it("runs the file's milliseconds ahead, or behind, and follows the file as it changes", async () => {
    const file = path.join(folder, 'offset');
    await writeFile(file, `${HOUR_MS}\n`);
    const clock = offsetClock(file);
    expect(aheadBy(clock)).toBe(HOUR_MS);
    await writeFile(file, String(-2 * HOUR_MS));
    expect(aheadBy(clock)).toBe(-2 * HOUR_MS);
    await writeFile(file, '5000');
    expect(aheadBy(clock)).toBe(5000);
    await unlink(file);
    expect(aheadBy(clock)).toBe(0);
    await writeFile(file, String(HOUR_MS));
    expect(aheadBy(clock)).toBe(HOUR_MS);
  });

  it('counts a file that holds no whole number as no offset', async () => {
    const file = path.join(folder, 'garbage');
    for (const text of ['an hour', '1.5', '1e3', '99999999999999999999']) {
      await writeFile(file, text);
      expect(aheadBy(offsetClock(file)), text).toBe(0);
    }
  });
});
