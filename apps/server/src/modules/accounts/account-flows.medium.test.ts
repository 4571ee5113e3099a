import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let staff: { email: string; password: string };

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.makeUser({ role: 'internal', companyType: null });
});
afterAll(() => server.close());

const HOUR = 3_600_000;
type Session = {
  data: { token: string; id: number; password: boolean; name: string | null; role: string };
};

function tokenIn(link: string | null, parameter: string): string {
  return new URL(link!).searchParams.get(parameter)!;
}

/** A new company whose superadmin has just been invited; answers the invitation token. */
async function inviteSuperadmin(email: string, type = 'company') {
  const created = await server.request('POST', '/api/company', {
    token: await server.signIn(staff),
    body: { name: `Studio of ${email}`, type, adminEmail: email },
  });
  expect(created.status).toBe(201);
  return tokenIn((await server.lastMailTo(email)).link, 'invite');
}

describe('an invitation', () => {
  it('signs the invitee in once, then they set a password and a profile', async () => {
    const t = await inviteSuperadmin('invitee@example.com');
    const accepted = await server.request<Session>('POST', '/api/v1.6/auth/invite', {
      body: { t },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ password: false, name: null, role: 'superadmin' });
    const token = accepted.body.data.token;

    expect((await server.request('POST', '/api/v1.6/auth/invite', { body: { t } })).status).toBe(
      400,
    );

    const weak = await server.request('POST', '/api/user/new_password', {
      token,
      body: { user_id: accepted.body.data.id, new_password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ message: 'new_password: Please Input Minimum 8 Character' });

    const set = await server.request('POST', '/api/user/new_password', {
      token,
      body: { user_id: accepted.body.data.id, new_password: 'first-password' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ data: { password: true } });
    const again = await server.request('POST', '/api/user/new_password', {
      token,
      body: { new_password: 'second-password' },
    });
    expect(again.status).toBe(409);

    const named = await server.request('POST', '/api/company/profile', {
      token,
      body: { user_id: accepted.body.data.id, name: 'Invitee Pictures' },
    });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ data: { name: 'Invitee Pictures' } });
    const companies = await server.request<{
      data: { rows: { name: string; user_count: number }[] };
    }>('GET', '/api/company?search=Invitee Pictures', { token: await server.signIn(staff) });
    expect(companies.body.data.rows).toEqual([
      expect.objectContaining({ name: 'Invitee Pictures' }),
    ]);

    await server.signIn({ email: 'invitee@example.com', password: 'first-password' });
  });
});

describe('POST /api/user/register', () => {
  it('creates an individual account, its user superadmin, signed in', async () => {
    const response = await server.request<Session>('POST', '/api/user/register', {
      body: { username: 'Maya Cruz', email: 'maya@example.com', password: 'maya-password' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      name: 'Maya Cruz',
      role: 'superadmin',
      company_type: 'individual',
      password: true,
    });
    const me = await server.request('GET', '/api/user/me', { token: response.body.data.token });
    expect(me.status).toBe(200);
    // An individual names themselves, not a company.
    const companyProfile = await server.request('POST', '/api/company/profile', {
      token: response.body.data.token,
      body: { name: 'Not a company' },
    });
    expect(companyProfile.status).toBe(403);
  });

  it('refuses a taken email, a weak password and missing fields', async () => {
    await server.request('POST', '/api/user/register', {
      body: { username: 'First', email: 'taken@example.com', password: 'long-enough' },
    });
    const taken = await server.request('POST', '/api/user/register', {
      body: { username: 'Second', email: 'TAKEN@example.com', password: 'long-enough' },
    });
    expect(taken.status).toBe(409);
    const weak = await server.request('POST', '/api/user/register', {
      body: { username: 'Weak', email: 'weak@example.com', password: '1234567' },
    });
    expect(weak.body).toEqual({ message: 'password: Please Input Minimum 8 Character' });
    const missing = await server.request('POST', '/api/user/register', {
      body: { email: 'x@example.com', password: 'long-enough' },
    });
    expect(missing.body).toEqual({ message: 'username: Required' });
  });
});

describe('forgotten passwords', () => {
  it('answers the same for known and unknown addresses, and mails only the known', async () => {
    const user = await server.makeUser({ email: 'forgetful@example.com' });
    const known = await server.request('POST', '/api/user/forgot_password', {
      body: { email: user.email },
    });
    const unknown = await server.request('POST', '/api/user/forgot_password', {
      body: { email: 'stranger@example.com' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ data: null, message: 'LINK.PASSWORD_RESET.SENT' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect((await server.mails()).some((mail) => mail.to === 'stranger@example.com')).toBe(false);
    expect((await server.lastMailTo(user.email)).subject).toBe('Reset your Plotline password');
  });

  it('mails in the language the browser asks for', async () => {
    const user = await server.makeUser({ email: 'sprecher@example.com' });
    await server.request('POST', '/api/user/forgot_password', {
      body: { email: user.email },
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect((await server.lastMailTo(user.email)).subject).toBe('Plotline-Passwort zurücksetzen');
  });

  it('renews the password through the link once, ending every session', async () => {
    const user = await server.makeUser({ email: 'renew@example.com' });
    const session = await server.signIn(user);
    await server.request('POST', '/api/user/forgot_password', { body: { email: user.email } });
    const t = tokenIn((await server.lastMailTo(user.email)).link, 't');
    expect((await server.lastMailTo(user.email)).link).toContain('/renew-password?t=');

    const weak = await server.request('POST', '/api/user/renew_password', {
      body: { t, new_password: 'short' },
    });
    expect(weak.status).toBe(400);
    const renewed = await server.request('POST', '/api/user/renew_password', {
      body: { t, new_password: 'renewed-password' },
    });
    expect(renewed.body).toEqual({ data: null, message: 'Change saved!' });
    expect((await server.request('GET', '/api/user/me', { token: session })).status).toBe(401);
    await server.signIn({ email: user.email, password: 'renewed-password' });

    const reused = await server.request('POST', '/api/user/renew_password', {
      body: { t, new_password: 'another-password' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: 'This link is invalid or has expired' });
  });

  it('lets a reset link expire after an hour', async () => {
    const user = await server.makeUser({ email: 'slow@example.com' });
    await server.request('POST', '/api/user/forgot_password', { body: { email: user.email } });
    const t = tokenIn((await server.lastMailTo(user.email)).link, 't');
    server.clock.advance(HOUR + 1);
    const response = await server.request('POST', '/api/user/renew_password', {
      body: { t, new_password: 'too-late-password' },
    });
    expect(response.status).toBe(400);
  });
});

describe('profile and password of the signed-in user', () => {
  it('sets the full name and refuses a blank one', async () => {
    const user = await server.makeUser({ name: 'Old Name' });
    const token = await server.signIn(user);
    const saved = await server.request('POST', '/api/user/profile', {
      token,
      body: { user_id: user.id, full_name: '  New Name ' },
    });
    expect(saved.body).toMatchObject({ data: { name: 'New Name' } });
    const blank = await server.request('POST', '/api/user/profile', {
      token,
      body: { full_name: ' ' },
    });
    expect(blank.body).toEqual({ message: 'full_name: Required' });
    expect(
      (await server.request('POST', '/api/user/profile', { body: { full_name: 'x' } })).status,
    ).toBe(401);
  });
});

describe('POST /api/upload/avatar', () => {
  // A real 1×1 PNG: the type is read from these bytes, not from the name or the declared type.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  function form(data: Buffer, name: string, type: string, field = 'uploads') {
    const body = new FormData();
    body.append(field, new Blob([new Uint8Array(data)], { type }), name);
    return body;
  }

  it('stores an image, sets it as the avatar and serves it', async () => {
    const user = await server.makeUser();
    const token = await server.signIn(user);
    const response = await server.request<{ data: { avatar: string } }>(
      'POST',
      '/api/upload/avatar',
      {
        token,
        rawBody: form(PNG, 'me.bin', 'application/octet-stream'),
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.avatar).toMatch(/^\/api\/media\/avatars\/\d+-[0-9a-f]{16}\.png$/);
    const me = await server.request('GET', '/api/user/me', { token });
    expect(me.body).toMatchObject({ data: { avatar: response.body.data.avatar } });

    const image = await fetch(server.baseUrl + response.body.data.avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });

  it('refuses what is not an image, whatever it claims to be', async () => {
    const token = await server.signIn(await server.makeUser());
    const response = await server.request('POST', '/api/upload/avatar', {
      token,
      rawBody: form(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png'),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The avatar must be a PNG, JPEG, WebP or GIF image' });
  });

  it('refuses a file over 5 MB, a missing file and a wrong field', async () => {
    const token = await server.signIn(await server.makeUser());
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await server.request('POST', '/api/upload/avatar', {
      token,
      rawBody: form(big, 'big.png', 'image/png'),
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toEqual({ message: 'The avatar must be smaller than 5 MB' });

    const wrongField = await server.request('POST', '/api/upload/avatar', {
      token,
      rawBody: form(PNG, 'me.png', 'image/png', 'file'),
    });
    expect(wrongField.body).toEqual({ message: 'Choose a file to upload' });

    const notMultipart = await server.request('POST', '/api/upload/avatar', { token, body: {} });
    expect(notMultipart.status).toBe(406);
  });

  it('needs a signed-in user and answers 404 for unknown images', async () => {
    const response = await server.request('POST', '/api/upload/avatar', {
      rawBody: form(PNG, 'me.png', 'image/png'),
    });
    expect(response.status).toBe(401);
    expect((await server.request('GET', '/api/media/avatars/nothing-here.png')).status).toBe(404);
    // A key that climbs out of its folder names nothing that can be served.
    expect((await server.request('GET', '/api/media/avatars/..%2f..%2fsecret.png')).status).toBe(
      404,
    );
    expect((await server.request('GET', '/api/media/avatars/../sources/x.png')).status).toBe(404);
  });
});
