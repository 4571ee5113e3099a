import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type UserRow = {
  id: number;
  email: string;
  role: string;
  status: string;
  company_id: number | null;
};
type PageBody = { data: { rows: UserRow[]; total: number } };

/** A company with its superadmin signed in. */
async function companyWithAdmin(role: 'superadmin' | 'administrator' = 'superadmin') {
  const admin = await server.makeUser({ role });
  return { admin, companyId: admin.companyId!, token: await server.signIn(admin) };
}

describe('GET /api/user', () => {
  it("lists only the caller's own company", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const colleague = await server.makeUser({ role: 'analyst', companyId: a.companyId });
    await server.makeUser({ role: 'analyst', companyId: b.companyId });

    const response = await server.request<PageBody>('GET', '/api/user?sort=email', {
      token: a.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.rows.map((row) => row.id).sort()).toEqual(
      [a.admin.id, colleague.id].sort(),
    );
    // Asking for another company changes nothing for a company user.
    const sneaky = await server.request<PageBody>(`GET`, `/api/user?companyId=${b.companyId}`, {
      token: a.token,
    });
    expect(sneaky.body.data.rows.every((row) => row.company_id === a.companyId)).toBe(true);
  });

  it('answers 403 to roles without seeUserList', async () => {
    for (const role of ['contributor', 'analyst', 'internal'] as const) {
      const token = await server.signIn(
        await server.makeUser({ role, companyType: role === 'internal' ? null : 'company' }),
      );
      expect((await server.request('GET', '/api/user', { token })).status).toBe(403);
    }
  });
});

describe('POST /api/user/invite', () => {
  it('creates an invited user in the caller company and mails the link', async () => {
    const { token, companyId } = await companyWithAdmin('administrator');
    const response = await server.request<{ data: UserRow }>('POST', '/api/user/invite', {
      token,
      body: { email: 'New.Person@example.com', role: 'contributor' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      email: 'new.person@example.com',
      role: 'contributor',
      status: 'invited',
      company_id: companyId,
    });
    expect((await server.lastMailTo('new.person@example.com')).link).toContain('/login?invite=');
  });

  it('does not let an administrator grant superadmin', async () => {
    const { token } = await companyWithAdmin('administrator');
    const response = await server.request('POST', '/api/user/invite', {
      token,
      body: { email: 'boss2@example.com', role: 'superadmin' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'You cannot give this role' });
  });

  it('answers 409 for an email in use, 400 for a bad one or a staff role', async () => {
    const { token, admin } = await companyWithAdmin();
    expect(
      (
        await server.request('POST', '/api/user/invite', {
          token,
          body: { email: admin.email, role: 'analyst' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await server.request('POST', '/api/user/invite', {
          token,
          body: { email: 'x', role: 'analyst' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await server.request('POST', '/api/user/invite', {
          token,
          body: { email: 'i@example.com', role: 'internal' },
        })
      ).status,
    ).toBe(400);
  });

  it('needs the company from a caller who has none', async () => {
    const king = await server.signIn(await server.makeUser({ role: 'king', companyType: null }));
    const withoutCompany = await server.request('POST', '/api/user/invite', {
      token: king,
      body: { email: 'somebody@example.com', role: 'analyst' },
    });
    expect(withoutCompany.status).toBe(400);
    expect(withoutCompany.body).toEqual({ message: 'Choose the company to invite into' });
    const company = await server.makeCompany();
    const invited = await server.request('POST', '/api/user/invite', {
      token: king,
      body: { email: 'somebody@example.com', role: 'analyst', companyId: company },
    });
    expect(invited.status).toBe(201);
    const missing = await server.request('POST', '/api/user/invite', {
      token: king,
      body: { email: 'other@example.com', role: 'analyst', companyId: 987654 },
    });
    expect(missing.status).toBe(404);
  });
});

describe('changing users', () => {
  it('changes the role, disables and enables within the company', async () => {
    const { token, companyId } = await companyWithAdmin();
    const member = await server.makeUser({ role: 'analyst', companyId });
    const memberToken = await server.signIn(member);

    const promoted = await server.request<{ data: UserRow }>('PUT', `/api/user/${member.id}`, {
      token,
      body: { role: 'contributor' },
    });
    expect(promoted.body.data.role).toBe('contributor');
    // The new role counts at once, on the token the member already holds.
    expect(
      (await server.request('GET', '/api/user/me', { token: memberToken })).body,
    ).toMatchObject({
      data: { role: 'contributor' },
    });

    const disabled = await server.request<{ data: UserRow }>('DELETE', `/api/user/${member.id}`, {
      token,
    });
    expect(disabled.body.data.status).toBe('disabled');
    expect((await server.request('GET', '/api/user/me', { token: memberToken })).status).toBe(401);

    const enabled = await server.request<{ data: UserRow }>('PUT', `/api/user/${member.id}`, {
      token,
      body: { status: 'active' },
    });
    expect(enabled.body.data.status).toBe('active');
    await server.signIn(member);
  });

  it("cannot reach another company's users by guessing ids", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const victim = await server.makeUser({
      role: 'analyst',
      companyId: b.companyId,
      password: null,
    });
    for (const [method, path, body] of [
      ['PUT', `/api/user/${victim.id}`, { role: 'contributor' }],
      ['DELETE', `/api/user/${victim.id}`, undefined],
      ['POST', `/api/user/${victim.id}/resend-invite`, undefined],
      ['PUT', `/api/user/${b.admin.id}`, { status: 'disabled' }],
    ] as const) {
      const response = await server.request(method, path, { token: a.token, body });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'User not found' });
    }
    expect((await server.request('GET', '/api/user/me', { token: b.token })).status).toBe(200);
  });

  it('refuses changes to oneself and to users above the caller', async () => {
    const { token, admin, companyId } = await companyWithAdmin('administrator');
    const boss = await server.makeUser({ role: 'superadmin', companyId });
    const member = await server.makeUser({ role: 'analyst', companyId });

    const self = await server.request('DELETE', `/api/user/${admin.id}`, { token });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ message: 'You cannot change your own account here' });
    expect((await server.request('DELETE', `/api/user/${boss.id}`, { token })).status).toBe(403);
    expect(
      (
        await server.request('PUT', `/api/user/${member.id}`, {
          token,
          body: { role: 'superadmin' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.request('PUT', `/api/user/${member.id}`, { token, body: {} })).status,
    ).toBe(400);
  });

  it('re-sends an invitation: the new link works, the old one no longer', async () => {
    const { token, companyId } = await companyWithAdmin();
    const invited = await server.request<{ data: UserRow }>('POST', '/api/user/invite', {
      token,
      body: { email: 'twice@example.com', role: 'analyst' },
    });
    const firstLink = (await server.lastMailTo('twice@example.com')).link!;
    const resent = await server.request('POST', `/api/user/${invited.body.data.id}/resend-invite`, {
      token,
    });
    expect(resent.status).toBe(200);
    const secondLink = (await server.lastMailTo('twice@example.com')).link!;
    expect(secondLink).not.toBe(firstLink);

    const tokenOf = (link: string) => new URL(link).searchParams.get('invite');
    const old = await server.request('POST', '/api/v1.6/auth/invite', {
      body: { t: tokenOf(firstLink) },
    });
    expect(old.status).toBe(400);
    const fresh = await server.request('POST', '/api/v1.6/auth/invite', {
      body: { t: tokenOf(secondLink) },
    });
    expect(fresh.status).toBe(200);

    const active = await server.makeUser({ role: 'analyst', companyId });
    const notInvited = await server.request('POST', `/api/user/${active.id}/resend-invite`, {
      token,
    });
    expect(notInvited.status).toBe(409);
  });
});

describe('/api/internal-user', () => {
  it('lets internal staff list and invite staff, and nobody else', async () => {
    const internal = await server.signIn(
      await server.makeUser({ role: 'internal', companyType: null }),
    );
    const invited = await server.request<{ data: UserRow }>('POST', '/api/internal-user/invite', {
      token: internal,
      body: { email: 'manager@plotline.test', role: 'accountManager' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ role: 'accountManager', company_id: null });

    const list = await server.request<PageBody>('GET', '/api/internal-user?search=manager@', {
      token: internal,
    });
    expect(list.body.data.rows.map((row) => row.email)).toEqual(['manager@plotline.test']);

    const companyRole = await server.request('POST', '/api/internal-user/invite', {
      token: internal,
      body: { email: 'x@plotline.test', role: 'superadmin' },
    });
    expect(companyRole.status).toBe(400);

    const superadmin = await server.signIn(await server.makeUser({ role: 'superadmin' }));
    expect((await server.request('GET', '/api/internal-user', { token: superadmin })).status).toBe(
      403,
    );
    // A company user cannot be reached through the staff list either.
    const member = await server.makeUser({ role: 'analyst' });
    expect(
      (await server.request('DELETE', `/api/internal-user/${member.id}`, { token: internal }))
        .status,
    ).toBe(404);
  });
});
