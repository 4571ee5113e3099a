import { decodeJwt } from 'jose';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, sessions, users } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const LOGIN = '/api/v1.6/auth/login';
const LOGOUT = '/api/v1.6/auth/logout';
const ME = '/api/user/me';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: TestServer;
let ipCounter = 0;
/** Each test speaks from its own IP, so the per-IP limit of one test never touches another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function login(body: unknown, ip = freshIp()) {
  return server.request<Record<string, unknown>>('POST', LOGIN, {
    body,
    headers: { 'x-forwarded-for': ip },
  });
}

describe('POST /api/v1.6/auth/login', () => {
  it('signs in and answers the session user with a token', async () => {
    const user = await server.makeUser({
      role: 'contributor',
      companyType: 'individual',
      name: 'Ada',
    });
    const response = await login({ username: user.email, password: user.password });

    expect(response.status).toBe(200);
    const data = (response.body as { data: Record<string, unknown> }).data;
    expect(data).toEqual({
      token: expect.any(String),
      id: user.id,
      name: 'Ada',
      email: user.email,
      role: 'contributor',
      company_type: 'individual',
      avatar: null,
      password: true,
      identity_providers: [],
      guide_done: false,
    });
    const me = await server.request('GET', ME, { token: data.token as string });
    expect(me.status).toBe(200);
  });

  it('records the time of the sign-in and writes it to the activity log', async () => {
    const user = await server.makeUser();
    await server.signIn(user);

    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt?.getTime()).toBe(server.clock.now().getTime());
    const [entry] = await server.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.actorId, user.id))
      .orderBy(desc(activityLog.id));
    expect(entry).toMatchObject({ action: 'auth.login', entityType: 'session' });
  });

  it.each([
    [{ password: 'secret-password' }, 'username: Required'],
    [{ username: 'a@example.com' }, 'password: Required'],
    [{ username: '', password: 'secret-password' }, 'username: Required'],
    [{ username: 'a@example.com', password: '' }, 'password: Required'],
    [{ username: 'not-an-email', password: 'secret-password' }, 'username: Invalid email'],
    [{ username: 42, password: 'secret-password' }, 'username: Required'],
  ])('answers 400 for %j', async (body, message) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('answers 400 for malformed JSON and for no body at all', async () => {
    const malformed = await server.request('POST', LOGIN, { rawBody: '{"username": "a@b.co",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'The request body is not valid JSON' });

    const empty = await server.request('POST', LOGIN, { rawBody: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'The request body is not valid JSON' });

    const noBody = await server.request('POST', LOGIN);
    expect(noBody.status).toBe(400);
    expect(noBody.body).toHaveProperty('message');
  });

  it('locks an email for the rest of the window after 10 failures, even with the right password', async () => {
    const user = await server.makeUser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login({ username: user.email, password: `wrong-${attempt}` });
      expect(response.status).toBe(401);
      server.clock.advance(10_000);
    }

    const locked = await login({ username: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 14 minutes.',
    });
    expect(Number(locked.headers.get('retry-after'))).toBe(15 * 60 - 100);

    // The window ends 15 minutes after the first failure, and sign-in works again.
    server.clock.advance(15 * MINUTE - 101_000);
    const stillLocked = await login({ username: user.email, password: user.password });
    expect(stillLocked.status).toBe(429);
    server.clock.advance(1_000);
    const unlocked = await login({ username: user.email, password: user.password });
    expect(unlocked.status).toBe(200);
  });

  it('gives a 12-hour session, or 30 days with remember', async () => {
    const user = await server.makeUser();
    const short = await server.signIn(user);
    const long = await server.signIn(user, true);
    const now = server.clock.now().getTime() / 1000;
    expect(decodeJwt(short).exp).toBe(Math.floor(now + 12 * 3600));
    expect(decodeJwt(long).exp).toBe(Math.floor(now + 30 * 24 * 3600));

    server.clock.advance(12 * HOUR + 1_000);
    expect((await server.request('GET', ME, { token: short })).status).toBe(401);
    expect((await server.request('GET', ME, { token: long })).status).toBe(200);
  });

  it('refuses a disabled account with 403 and ends its sessions', async () => {
    const user = await server.makeUser({ role: 'contributor' });
    const token = await server.signIn(user);
    const admin = await server.makeUser({ role: 'superadmin', companyId: user.companyId! });
    const disabled = await server.request('DELETE', `/api/user/${user.id}`, {
      token: await server.signIn(admin),
    });
    expect(disabled.status).toBe(200);

    expect((await server.request('GET', ME, { token })).status).toBe(401);
    const response = await login({ username: user.email, password: user.password });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'This account has been disabled' });
  });
});

describe('POST /api/v1.6/auth/logout', () => {
  it('revokes the token it is called with, and only that one', async () => {
    const user = await server.makeUser();
    const first = await server.signIn(user);
    const second = await server.signIn(user);

    const response = await server.request('POST', LOGOUT, { token: first });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null });

    expect((await server.request('GET', ME, { token: first })).status).toBe(401);
    expect((await server.request('GET', ME, { token: second })).status).toBe(200);
    expect((await server.request('POST', LOGOUT, { token: first })).status).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const response = await server.request('POST', LOGOUT);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please sign in to continue' });
  });
});

describe('a password change', () => {
  it('ends every other session of that user, and the new password works', async () => {
    const user = await server.makeUser();
    const tokens = [await server.signIn(user), await server.signIn(user, true)];
    const current = await server.signIn(user);
    const changed = await server.request('POST', '/api/user/reset_password', {
      token: current,
      body: { user_id: user.id, current_password: user.password, password: 'a-brand-new-password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ data: null, message: 'Change saved!' });

    for (const token of tokens) {
      expect((await server.request('GET', ME, { token })).status).toBe(401);
    }
    // The session that made the change goes on.
    expect((await server.request('GET', ME, { token: current })).status).toBe(200);
    const open = await server.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.filter((session) => session.revokedAt === null)).toHaveLength(1);
    expect((await login({ username: user.email, password: user.password })).status).toBe(401);
    await server.signIn({ email: user.email, password: 'a-brand-new-password' });
  });
});
