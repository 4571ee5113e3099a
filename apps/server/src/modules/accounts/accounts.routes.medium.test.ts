import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plotline/core';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/user/me', () => {
  it('answers the signed-in user in the sign-in shape, without the token', async () => {
    const user = await server.makeUser({
      role: 'superadmin',
      companyType: 'platform',
      name: 'Grace',
    });
    const response = await server.request('GET', '/api/user/me', {
      token: await server.signIn(user),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        id: user.id,
        name: 'Grace',
        email: user.email,
        role: 'superadmin',
        company_type: 'platform',
        avatar: null,
        password: true,
        identity_providers: [],
        guide_done: false,
      },
    });
  });

  it('answers 401 without a valid token', async () => {
    expect((await server.request('GET', '/api/user/me')).status).toBe(401);
    expect((await server.request('GET', '/api/user/me', { token: 'nope' })).status).toBe(401);
  });
});

describe('PUT /api/user/guide', () => {
  it('marks the welcome guide done for every later session, and stays so', async () => {
    const user = await server.makeUser({ role: 'analyst' });
    const token = await server.signIn(user);
    const me = () =>
      server.request<{ data: { guide_done: boolean } }>('GET', '/api/user/me', { token });
    expect((await me()).body.data.guide_done).toBe(false);

    const first = await server.request<{ data: { id: number; guide_done: boolean } }>(
      'PUT',
      '/api/user/guide',
      { token },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ id: user.id, guide_done: true });
    const again = await server.request('PUT', '/api/user/guide', { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await me()).body.data.guide_done).toBe(true);

    // Another device: a new sign-in reports it too; another user is untouched.
    const login = await server.request<{ data: { guide_done: boolean } }>(
      'POST',
      '/api/v1.6/auth/login',
      { body: { username: user.email, password: user.password } },
    );
    expect(login.body.data.guide_done).toBe(true);
    const someoneElse = await server.signIn(await server.makeUser({ role: 'analyst' }));
    const theirs = await server.request<{ data: { guide_done: boolean } }>('GET', '/api/user/me', {
      token: someoneElse,
    });
    expect(theirs.body.data.guide_done).toBe(false);
  });

  it('answers 401 signed out', async () => {
    expect((await server.request('PUT', '/api/user/guide')).status).toBe(401);
  });
});

describe('account calls whose body names the account (user_id)', () => {
  const me = async (token: string) =>
    (await server.request<{ data: { name: string } }>('GET', '/api/user/me', { token })).body.data;

  it("refuses to change another user's password, and changes the caller's own", async () => {
    const user = await server.makeUser();
    const other = await server.makeUser();
    const token = await server.signIn(user);
    const change = (body: Record<string, unknown>) =>
      server.request('POST', '/api/user/reset_password', { token, body });

    const theirs = await change({
      user_id: other.id,
      current_password: user.password,
      password: 'a-new-password',
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe(MESSAGES.notYourAccount);
    // Neither password changed: both still sign in.
    await server.signIn(user);
    await server.signIn(other);

    const own = await change({
      user_id: user.id,
      current_password: user.password,
      password: 'a-new-password',
    });
    expect(own.status, own.text).toBe(200);
    await server.signIn({ email: user.email, password: 'a-new-password' });
    const unnamed = await change({ current_password: 'a-new-password', password: 'another-one' });
    expect(unnamed.status, unnamed.text).toBe(200);
  });

  it("refuses the first password, the name and the company name of another user's account", async () => {
    const user = await server.makeUser({ role: 'superadmin', companyType: 'company', name: 'Ada' });
    const other = await server.makeUser();
    const token = await server.signIn(user);
    const post = (path: string, body: Record<string, unknown>) =>
      server.request('POST', path, { token, body });

    const refusals = [
      await post('/api/user/new_password', { user_id: other.id, new_password: 'first-password' }),
      await post('/api/user/profile', { user_id: other.id, full_name: 'Mallory' }),
      await post('/api/company/profile', { user_id: other.id, name: 'Mallory Ltd' }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body.message).toBe(MESSAGES.notYourAccount);
    }
    expect((await me(token)).name).toBe('Ada');
    expect((await me(await server.signIn(other))).name).not.toBe('Mallory');

    // Their own id passes to the call's own rules: a password is already set (409).
    const first = await post('/api/user/new_password', {
      user_id: user.id,
      new_password: 'first-password',
    });
    expect(first.status).toBe(409);
    expect(
      (await post('/api/user/profile', { user_id: user.id, full_name: 'Ada L.' })).status,
    ).toBe(200);
    expect((await me(token)).name).toBe('Ada L.');
    const company = await post('/api/company/profile', { user_id: user.id, name: 'Ada Ltd' });
    expect(company.status, company.text).toBe(200);
    expect((await me(token)).name).toBe('Ada Ltd');
  });
});
