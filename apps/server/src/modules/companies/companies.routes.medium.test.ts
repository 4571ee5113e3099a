import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer();
  staffToken = await server.signIn(await server.makeUser({ role: 'internal', companyType: null }));
});
afterAll(() => server.close());

type Row = { id: number; name: string; type: string; status: string; user_count: number };
type PageBody = { data: { rows: Row[]; total: number } };

describe('POST /api/company', () => {
  it('creates the company and invites its first superadmin by mail', async () => {
    const response = await server.request<{ data: Row }>('POST', '/api/company', {
      token: staffToken,
      body: { name: '  Northwind Films ', type: 'company', adminEmail: 'Boss@Northwind.com' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      name: 'Northwind Films',
      type: 'company',
      status: 'active',
      user_count: 1,
    });

    const mail = await server.lastMailTo('boss@northwind.com');
    expect(mail.subject).toBe('You are invited to Plotline');
    expect(mail.text).toContain('Northwind Films');
    expect(mail.html).toContain('Northwind Films');
    expect(mail.link).toMatch(/^http:\/\/studio\.test\/login\?invite=[\w-]{43}$/);

    const users = await server.request<{
      data: { rows: { email: string; role: string; status: string }[] };
    }>('GET', `/api/user?companyId=${response.body.data.id}`, {
      token: await server.signIn(await server.makeUser({ role: 'king', companyType: null })),
    });
    expect(users.body.data.rows).toEqual([
      expect.objectContaining({
        email: 'boss@northwind.com',
        role: 'superadmin',
        status: 'invited',
      }),
    ]);
  });

  it('answers 409 for an email already in use and creates nothing', async () => {
    const existing = await server.makeUser();
    const before = await server.request<PageBody>('GET', '/api/company?perPage=100', {
      token: staffToken,
    });
    const response = await server.request('POST', '/api/company', {
      token: staffToken,
      body: { name: 'Twice', type: 'company', adminEmail: existing.email },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This email is already in use' });
    const after = await server.request<PageBody>('GET', '/api/company?perPage=100', {
      token: staffToken,
    });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it.each([
    [{ type: 'company', adminEmail: 'a@b.co' }, 'name: Required'],
    [{ name: '   ', type: 'company', adminEmail: 'a@b.co' }, 'name: Required'],
    [{ name: 'X', type: 'studio', adminEmail: 'a@b.co' }, 'type:'],
    [{ name: 'X', type: 'company', adminEmail: 'nope' }, 'adminEmail: Invalid email'],
  ])('answers 400 for %j', async (body, message) => {
    const response = await server.request<{ message: string }>('POST', '/api/company', {
      token: staffToken,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });
});

describe('GET /api/company', () => {
  it('searches, sorts and pages', async () => {
    for (const name of ['Zeta Pictures', 'Alpha Pictures', 'Mid Pictures']) {
      await server.makeCompany({ name });
    }
    const first = await server.request<PageBody>(
      'GET',
      '/api/company?search=pictures&sort=name&perPage=2&page=1',
      { token: staffToken },
    );
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.rows.map((row) => row.name)).toEqual(['Alpha Pictures', 'Mid Pictures']);
    const second = await server.request<PageBody>(
      'GET',
      '/api/company?search=pictures&sort=-name&perPage=2&page=2',
      { token: staffToken },
    );
    expect(second.body.data.rows.map((row) => row.name)).toEqual(['Alpha Pictures']);
  });

  it('matches % and _ literally', async () => {
    await server.makeCompany({ name: '100% Drama' });
    const response = await server.request<PageBody>('GET', '/api/company?search=0%25', {
      token: staffToken,
    });
    expect(response.body.data.rows.map((row) => row.name)).toEqual(['100% Drama']);
  });

  it('answers 400 for an unknown sort key or page size', async () => {
    for (const query of ['sort=password', 'perPage=1000', 'page=0']) {
      const response = await server.request('GET', `/api/company?${query}`, { token: staffToken });
      expect(response.status).toBe(400);
    }
  });

  it.each(['superadmin', 'administrator', 'contributor', 'analyst'] as const)(
    'answers 403 to a %s',
    async (role) => {
      const token = await server.signIn(await server.makeUser({ role }));
      expect((await server.request('GET', '/api/company', { token })).status).toBe(403);
      const create = await server.request('POST', '/api/company', {
        token,
        body: { name: 'Mine', type: 'company', adminEmail: `${role}-new@example.com` },
      });
      expect(create.status).toBe(403);
    },
  );

  it('lets an account manager in and answers 401 without a token', async () => {
    const manager = await server.makeUser({ role: 'accountManager', companyType: null });
    const token = await server.signIn(manager);
    expect((await server.request('GET', '/api/company', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/company')).status).toBe(401);
  });
});

describe('disabling a company', () => {
  it("ends its users' sessions and refuses their sign-in until it is enabled again", async () => {
    const member = await server.makeUser({ role: 'contributor' });
    const memberToken = await server.signIn(member);

    const disabled = await server.request<{ data: Row }>(
      'DELETE',
      `/api/company/${member.companyId}`,
      {
        token: staffToken,
      },
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.status).toBe('disabled');
    expect((await server.request('GET', '/api/user/me', { token: memberToken })).status).toBe(401);
    const refused = await server.request('POST', '/api/v1.6/auth/login', {
      body: { username: member.email, password: member.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This company has been disabled' });

    const enabled = await server.request<{ data: Row }>('PUT', `/api/company/${member.companyId}`, {
      token: staffToken,
      body: { status: 'active', name: 'Renamed' },
    });
    expect(enabled.body.data).toMatchObject({ status: 'active', name: 'Renamed' });
    await server.signIn(member);
  });

  it('answers 404 for a company that does not exist and 400 for nothing to change', async () => {
    expect(
      (await server.request('DELETE', '/api/company/999999', { token: staffToken })).status,
    ).toBe(404);
    const company = await server.makeCompany();
    const empty = await server.request('PUT', `/api/company/${company}`, {
      token: staffToken,
      body: {},
    });
    expect(empty.status).toBe(400);
    const badId = await server.request('PUT', '/api/company/abc', {
      token: staffToken,
      body: { name: 'x' },
    });
    expect(badId.status).toBe(400);
  });
});
