import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
        guide_done: false,
      },
    });
  });

  it('answers 401 without a valid token', async () => {
    expect((await server.request('GET', '/api/user/me')).status).toBe(401);
    expect((await server.request('GET', '/api/user/me', { token: 'nope' })).status).toBe(401);
  });
});

describe('the root user', () => {
  it('is not created while users exist', async () => {
    await server.makeUser();
    expect(
      await server.services.accounts.ensureRootUser({
        email: 'root@example.com',
        password: 'long-enough',
      }),
    ).toBeNull();
    const response = await server.request('POST', '/api/v1.6/auth/login', {
      body: { username: 'root@example.com', password: 'long-enough' },
    });
    expect(response.status).toBe(401);
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
