import { MAINTENANCE_RETRY_AFTER_SECONDS, MESSAGES, ROLES } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/clock.ts';
import { FAKE_NOW, fakeCaller } from '../../test/fakes/fake-data.ts';
import { createFakeMaintenanceSettings } from '../../test/fakes/fake-maintenance.ts';
import { holdNextCall, refusal, settle } from '../../test/fakes/interceptors.ts';
import { MAINTENANCE_CACHE_MS, createMaintenanceService } from './maintenance.service.ts';

/**
 * The switch, what it refuses, and how long a process trusts what it read: the HTTP tests see the
 * hook that asks; these see the answers, the forced mode and the cache, over a fake settings row.
 */

function setup({ forced = false } = {}) {
  const settings = createFakeMaintenanceSettings();
  const clock = new ManualClock(FAKE_NOW);
  const maintenance = createMaintenanceService({ settings, forced, clock });
  const root = { ...fakeCaller(null, 'king'), userId: 7 };
  return { settings, clock, maintenance, root };
}

describe('the state', () => {
  it('is off with no message until the switch is first set', async () => {
    const { maintenance } = setup();
    expect(await maintenance.state()).toEqual({ on: false, message: '', forced: false });
    await expect(maintenance.assertWritesOpen()).resolves.toBeUndefined();
  });

  it('is on whatever is stored when MAINTENANCE=true holds it', async () => {
    const { maintenance, settings } = setup({ forced: true });
    settings.row = { on: false, message: 'Stored off', updatedBy: 1, at: FAKE_NOW };
    expect(await maintenance.state()).toEqual({ on: true, message: 'Stored off', forced: true });
  });
});

describe('the switch', () => {
  it('stores who switched it and when, and answers the new state', async () => {
    const { maintenance, settings, root, clock } = setup();
    clock.advance(5_000);
    const on = await maintenance.update(root, { on: true, message: 'Upgrading the database.' });
    expect(on).toEqual({ on: true, message: 'Upgrading the database.', forced: false });
    expect(settings.row).toEqual({
      on: true,
      message: 'Upgrading the database.',
      updatedBy: 7,
      at: new Date(FAKE_NOW.getTime() + 5_000),
    });
  });

  it('keeps the stored message when none is sent, and clears it when an empty one is', async () => {
    const { maintenance, settings, root } = setup();
    await maintenance.update(root, { on: true, message: 'Back at ten.' });
    expect(await maintenance.update(root, { on: true })).toMatchObject({ message: 'Back at ten.' });
    const off = await maintenance.update(root, { on: false });
    expect(off).toEqual({ on: false, message: 'Back at ten.', forced: false });
    expect(settings.row).toMatchObject({ on: false, message: 'Back at ten.' });
    expect(await maintenance.update(root, { on: true, message: '' })).toMatchObject({
      message: '',
    });
  });

  it('cannot turn off what MAINTENANCE=true holds on (409, nothing stored), but changes its message', async () => {
    const { maintenance, settings, root } = setup({ forced: true });
    const refused = await refusal(maintenance.update(root, { on: false, message: 'Done' }));
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.maintenanceForced]);
    expect(settings.row).toBeNull();

    const message = await maintenance.update(root, { on: true, message: 'Back tomorrow.' });
    expect(message).toEqual({ on: true, message: 'Back tomorrow.', forced: true });
    expect(settings.row).toMatchObject({ on: true, message: 'Back tomorrow.' });
  });
});

describe('while maintenance is on', () => {
  it('refuses writes with 503, the default message and when to try again', async () => {
    const { maintenance, root } = setup();
    await maintenance.update(root, { on: true, message: '' });
    const refused = await refusal(maintenance.assertWritesOpen());
    expect([refused.status, refused.message]).toEqual([503, MESSAGES.underMaintenance]);
    expect(refused.retryAfterSeconds).toBe(MAINTENANCE_RETRY_AFTER_SECONDS);
  });

  it("refuses with the operator's message when there is one", async () => {
    const { maintenance, root } = setup();
    await maintenance.update(root, { on: true, message: 'Back at ten.' });
    const refused = await refusal(maintenance.assertWritesOpen());
    expect([refused.status, refused.message]).toEqual([503, 'Back at ten.']);
  });

  it('lets the root user alone start a session', async () => {
    const { maintenance, root } = setup();
    await maintenance.update(root, { on: true, message: '' });
    for (const role of ROLES.filter((candidate) => candidate !== 'king')) {
      const refused = await refusal(maintenance.assertMayStartSession({ role }));
      expect([role, refused.status, refused.message]).toEqual([
        role,
        503,
        MESSAGES.underMaintenance,
      ]);
    }
    await expect(maintenance.assertMayStartSession({ role: 'king' })).resolves.toBeUndefined();
  });

  it('lets everyone start a session and write once it is off again', async () => {
    const { maintenance, root } = setup();
    await maintenance.update(root, { on: true });
    await maintenance.update(root, { on: false });
    await expect(maintenance.assertWritesOpen()).resolves.toBeUndefined();
    await expect(
      maintenance.assertMayStartSession({ role: 'administrator' }),
    ).resolves.toBeUndefined();
  });

  it('refuses sessions with the message MAINTENANCE=true holds it on with', async () => {
    const { maintenance, root } = setup({ forced: true });
    await maintenance.update(root, { on: true, message: 'Back tomorrow.' });
    const refused = await refusal(maintenance.assertMayStartSession({ role: 'administrator' }));
    expect([refused.status, refused.message]).toEqual([503, 'Back tomorrow.']);
  });
});

describe('the switch as another API process sets it', () => {
  it('is read again once MAINTENANCE_CACHE_MS have passed, not before', async () => {
    const { maintenance, settings, clock } = setup();
    await maintenance.assertWritesOpen();
    settings.row = { on: true, message: 'Moving house.', updatedBy: 1, at: FAKE_NOW };

    clock.advance(MAINTENANCE_CACHE_MS - 1);
    await expect(maintenance.assertWritesOpen()).resolves.toBeUndefined();
    clock.advance(1);
    const refused = await refusal(maintenance.assertWritesOpen());
    expect(refused.message).toBe('Moving house.');
    expect(settings.reads).toBe(2);
  });

  it("is this process's own switch at once, without a read", async () => {
    const { maintenance, settings, root } = setup();
    await maintenance.assertWritesOpen();
    const reads = settings.reads;
    await maintenance.update(root, { on: true, message: 'Now.' });
    expect((await refusal(maintenance.assertWritesOpen())).message).toBe('Now.');
    // The update read the stored message only because none was sent.
    expect(settings.reads).toBe(reads);
  });

  it('is read once for writes that arrive together while the cache is stale', async () => {
    const { maintenance, settings } = setup();
    const held = holdNextCall(settings, 'read');
    const writes = [1, 2, 3].map(() => maintenance.assertWritesOpen());
    await held.reached;
    await settle();
    held.release();
    await Promise.all(writes);
    expect(settings.reads).toBe(1);
  });
});
