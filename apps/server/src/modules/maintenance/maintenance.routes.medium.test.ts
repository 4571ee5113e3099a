import {
  ACCESS_TOKEN_HEADER,
  MAINTENANCE_RETRY_AFTER_SECONDS,
  MESSAGES,
  TUS_UPLOAD_PATH,
} from '@plotline/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, sessions } from '../../db/schema/index.ts';
import { connectAgain } from '../../test/test-database.ts';
import { startProjectSuite, type ProjectStory } from '../../test/test-projects.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { MAINTENANCE_CACHE_MS } from './maintenance.service.ts';

const { server, make, owner } = await startProjectSuite();

let root: { id: number; email: string; password: string };
let rootToken: string;
/** Internal staff, signed in before maintenance. */
let staff: string;
let story: ProjectStory;
const SLUG = 'maintenance-story';

beforeAll(async () => {
  root = await server.makeUser({ role: 'king', companyType: null });
  rootToken = await server.signIn(root);
  staff = await server.signIn(await server.makeUser({ role: 'internal', companyType: null }));
  story = await make.makeStory(owner.token, SLUG);
  await make.publish(owner.token, story.movieId);
}, 60_000);

const switchTo = (body: unknown, token: string | undefined = rootToken) =>
  server.request<{ data: { on: boolean; message: string; forced: boolean } }>(
    'PUT',
    '/api/maintenance',
    { token, body },
  );

/** A write any signed-in user may make: the welcome guide's flag. */
const guideDone = (token: string, on: TestServer = server) =>
  on.request('PUT', '/api/user/guide', { token });

beforeEach(async () => {
  expect((await switchTo({ on: false, message: '' })).status).toBe(200);
});

describe('GET /api/maintenance', () => {
  it('tells anyone, signed in or not, whether maintenance is on and its message', async () => {
    const off = await server.request('GET', '/api/maintenance');
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ data: { on: false, message: '', forced: false } });

    await switchTo({ on: true, message: 'Back at ten.' });
    const on = await server.request('GET', '/api/maintenance');
    expect(on.body).toEqual({ data: { on: true, message: 'Back at ten.', forced: false } });
  });
});

describe('PUT /api/maintenance', () => {
  it('is the root user’s alone: 401 signed out, 403 for every other role', async () => {
    expect((await switchTo({ on: true }, '')).status).toBe(401);
    for (const role of ['internal', 'accountManager'] as const) {
      const token = await server.signIn(await server.makeUser({ role, companyType: null }));
      const refused = await switchTo({ on: true }, token);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.forbidden });
    }
    for (const role of ['superadmin', 'administrator'] as const) {
      const token = await server.signIn(await server.makeUser({ role, companyType: 'platform' }));
      expect((await switchTo({ on: true }, token)).status).toBe(403);
    }
    expect((await switchTo({ on: true }, owner.token)).status).toBe(403);
    expect((await server.request('GET', '/api/maintenance')).body).toMatchObject({
      data: { on: false },
    });
  });

  it('switches it on and off, keeps the message when none is sent, and logs each switch', async () => {
    const on = await switchTo({ on: true, message: '  Upgrading the database.  ' });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ on: true, message: 'Upgrading the database.', forced: false });

    const again = await switchTo({ on: true });
    expect(again.body.data.message).toBe('Upgrading the database.');

    const off = await switchTo({ on: false });
    expect(off.body.data).toEqual({ on: false, message: 'Upgrading the database.', forced: false });

    const logged = await server.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.actorId, root.id), eq(activityLog.entityType, 'operator_settings')))
      .orderBy(desc(activityLog.id))
      .limit(3);
    expect(logged.map((row) => [row.action, row.summary, row.entityId])).toEqual([
      ['maintenance.off', 'Switched maintenance mode off', '1'],
      ['maintenance.on', 'Switched maintenance mode on: "Upgrading the database."', '1'],
      ['maintenance.on', 'Switched maintenance mode on: "Upgrading the database."', '1'],
    ]);
  });

  it.each([
    ['no body', undefined, 'Invalid input: expected object, received null'],
    ['no switch', { message: 'Soon' }, 'on: Invalid input: expected boolean, received undefined'],
    [
      'a switch that is no boolean',
      { on: 'yes' },
      'on: Invalid input: expected boolean, received string',
    ],
    [
      'a message too long',
      { on: true, message: 'x'.repeat(501) },
      'message: The maintenance message can have at most 500 characters',
    ],
    ['an unknown field', { on: true, until: '10:00' }, 'Unknown field "until"'],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const refused = await switchTo(body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message });
    expect((await server.request('GET', '/api/maintenance')).body).toMatchObject({
      data: { on: false },
    });
  });
});

describe('while maintenance is on', () => {
  beforeEach(async () => {
    await switchTo({ on: true, message: '' });
  });

  const expectRefused = (
    response: { status: number; headers: Headers; body: unknown },
    message: string = MESSAGES.underMaintenance,
  ) => {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
    expect(response.body).toEqual({ message });
  };

  it('refuses the writes of every user but root with 503, Retry-After and the message', async () => {
    expectRefused(await guideDone(owner.token));
    expectRefused(
      await server.request('POST', '/api/movie', {
        token: owner.token,
        body: { type: 1, title: 'During maintenance', view_mode: 'horizontal' },
      }),
    );
    expectRefused(
      await server.request('POST', '/api/company', {
        token: staff,
        body: { name: 'Later Ltd', type: 'company', adminEmail: 'later@example.com' },
      }),
    );
    // Public writes too, and an upload before a byte of it is read.
    expectRefused(
      await server.request('POST', '/api/user/forgot_password', {
        body: { email: 'someone@example.com' },
      }),
    );
    const form = new FormData();
    form.append('movieId', String(story.movieId));
    form.append('uploads', new Blob(['x'.repeat(1000)]), 'clip.mp4');
    expectRefused(
      await server.request('POST', '/api/v1.5/upload/movie-content', {
        token: owner.token,
        rawBody: form,
      }),
    );
    const tus = await fetch(`${server.baseUrl}${TUS_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        [ACCESS_TOKEN_HEADER]: owner.token,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
      },
    });
    expect(tus.status).toBe(503);
    expect(tus.headers.get('retry-after')).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));

    await switchTo({ on: true, message: 'Back at ten.' });
    expectRefused(await guideDone(owner.token), 'Back at ten.');
  });

  it('keeps reads working', async () => {
    expect((await server.request('GET', '/api/user/me', { token: owner.token })).status).toBe(200);
    expect(
      (await server.request('GET', `/api/movie/${story.movieId}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await server.request('GET', `/api/watch/${SLUG}`)).status).toBe(200);
  });

  it('lets root keep working', async () => {
    const guide = await guideDone(rootToken);
    expect(guide.status).toBe(200);
  });

  it('lets root sign in and refuses everyone else a session with 503', async () => {
    const rootSignIn = await server.request('POST', '/api/v1.6/auth/login', {
      body: { username: root.email, password: root.password },
    });
    expect(rootSignIn.status).toBe(200);

    // Only a right password meets the refusal (auth.service.test.ts: a wrong one, or an unknown
    // address, is the usual 401, so nothing tells the root user's address from another).
    const user = await server.makeUser({ role: 'administrator' });
    expectRefused(
      await server.request('POST', '/api/v1.6/auth/login', {
        body: { username: user.email, password: user.password },
      }),
    );
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // Input is still checked first.
    const malformed = await server.request('POST', '/api/v1.6/auth/login', {
      body: { username: 'not an address', password: 'x' },
    });
    expect(malformed.status).toBe(400);
  });

  it('lets users sign out', async () => {
    const user = await server.makeUser({ role: 'administrator' });
    await switchTo({ on: false });
    const token = await server.signIn(user);
    await switchTo({ on: true });
    const out = await server.request('POST', '/api/v1.6/auth/logout', { token });
    expect(out.status).toBe(200);
    expect((await server.request('GET', '/api/user/me', { token })).status).toBe(401);
  });

  it('keeps the public player playing: its viewing events and resume tokens are stored', async () => {
    const events = await server.request('POST', `/api/watch/${SLUG}/events`, {
      body: { session: 'maintenance-1234', events: [{ type: 'start', at: 0 }] },
    });
    expect(events.status, events.text).toBe(204);
    const resume = await server.request('POST', `/api/watch/${SLUG}/resume`, {
      body: { state: { node_id: 1, values: {}, history: [] } },
    });
    expect(resume.status, resume.text).toBe(201);
    // The App API's calls are not refused either (no platform operates the app here: 409).
    const viewer = await server.request('POST', '/api/app/v1/viewer', {
      body: { platform: 'android', language: 'en' },
    });
    expect(viewer.status).not.toBe(503);
  });
});

describe('several API processes on one database', () => {
  let other: TestServer;

  beforeAll(async () => {
    other = await startTestServer({ database: await connectAgain(server.database) });
  });
  afterAll(() => other.close());

  it('the switch reaches another process within the cache time', async () => {
    const token = await other.signIn(await other.makeUser({ role: 'administrator' }));
    // The other process reads the switch (off) and keeps what it read for MAINTENANCE_CACHE_MS.
    expect((await guideDone(token, other)).status).toBe(200);

    await switchTo({ on: true, message: 'Moving house.' });
    other.clock.advance(MAINTENANCE_CACHE_MS);
    const refused = await guideDone(token, other);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: 'Moving house.' });

    await switchTo({ on: false });
    other.clock.advance(MAINTENANCE_CACHE_MS);
    expect((await guideDone(token, other)).status).toBe(200);
  });
});

describe('MAINTENANCE=true', () => {
  let forced: TestServer;

  beforeAll(async () => {
    forced = await startTestServer({ maintenanceForced: true });
  });
  afterAll(() => forced.close());

  it('holds maintenance on: the switch cannot turn it off, only change its message', async () => {
    expect((await forced.request('GET', '/api/maintenance')).body).toEqual({
      data: { on: true, message: '', forced: true },
    });
    const king = await forced.makeUser({ role: 'king', companyType: null });
    const token = await forced.signIn(king);

    const off = await forced.request('PUT', '/api/maintenance', { token, body: { on: false } });
    expect(off.status).toBe(409);
    expect(off.body).toEqual({ message: MESSAGES.maintenanceForced });

    const message = await forced.request('PUT', '/api/maintenance', {
      token,
      body: { on: true, message: 'Back tomorrow.' },
    });
    expect(message.status).toBe(200);
    expect(message.body).toEqual({ data: { on: true, message: 'Back tomorrow.', forced: true } });
  });
});
