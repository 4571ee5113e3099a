import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  ACCESS_TOKEN_HEADER,
  IDENTITY_PROVIDER_KINDS,
  MESSAGES,
  type IdentityProviderKind,
  type LinkedIdentity,
  type OidcCompleteResponse,
} from '@plotline/core';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  companies,
  oidcFlows,
  sessions,
  userIdentities,
  users,
} from '../../db/schema/index.ts';
import {
  callbackAtApi,
  CookieJar,
  fetchWithJar,
  signInAtIssuer,
  signInThroughApi,
  startTestIssuer,
  startTestIssuers,
  type TestIssuer,
} from '../../test/oidc-issuers.ts';
import { connectAgain } from '../../test/test-database.ts';
import { hashOf } from '../account-links/account-links.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const PUBLIC_URL = 'http://studio.test';
const NAMES: Record<IdentityProviderKind, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  generic: 'Acme SSO',
};

let server: TestServer;
let issuers: Record<IdentityProviderKind, TestIssuer>;
let sequence = 0;

beforeAll(async () => {
  issuers = await startTestIssuers({
    redirectUri: (kind) => `${PUBLIC_URL}/api/auth/oidc/${kind}/callback`,
  });
  server = await startTestServer({
    identityProviders: IDENTITY_PROVIDER_KINDS.map((kind) => ({
      kind,
      name: NAMES[kind],
      issuer: issuers[kind].url,
      clientId: issuers[kind].clientId,
      clientSecret: issuers[kind].clientSecret,
    })),
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all(Object.values(issuers).map((issuer) => issuer.close()));
});

const email = (name: string) => `${name}-${++sequence}@example.com`;

/**
 * Each sign-in from an address of its own, so that the file's many sign-ins stay under the limit
 * of starts per address (tried in identity-providers.service.test.ts).
 */
let addresses = 0;
const ownAddress = () => ({ 'x-forwarded-for': `198.51.100.${(addresses++ % 250) + 1}` });

function signIn(
  kind: IdentityProviderKind,
  login: string,
  options: Omit<Parameters<typeof signInThroughApi>[0], 'baseUrl' | 'kind' | 'login'> = {},
) {
  return signInThroughApi({
    baseUrl: server.baseUrl,
    kind,
    login,
    ...options,
    headers: options.headers ?? ownAddress(),
  });
}

/** The handoff's exchange, from the browser whose cookies `jar` holds (none: a fresh browser). */
function complete(handoff: string | null, jar?: CookieJar) {
  const cookie = jar?.header(server.baseUrl);
  return server.request<{ data: OidcCompleteResponse }>('POST', '/api/auth/oidc/complete', {
    body: { handoff },
    headers: cookie ? { cookie } : {},
  });
}

/** A browser's sign-in taken up to the provider's redirect to the callback, not yet followed. */
async function toCallback(baseUrl: string, kind: IdentityProviderKind, login: string) {
  const jar = new CookieJar();
  const started = await fetchWithJar(jar, `${baseUrl}/api/auth/oidc/${kind}/start`, {
    headers: ownAddress(),
  });
  const callbackUrl = await signInAtIssuer(started.headers.get('location')!, login);
  return { jar, callbackUrl };
}

/**
 * A signed-in user's link of a further provider, as the profile drawer makes it: the password, then
 * the provider's pages in the browser that asked, then the callback. `result` is null when the
 * call was refused.
 */
async function linkThroughApi(
  token: string,
  kind: IdentityProviderKind,
  login: string,
  password: string,
) {
  const jar = new CookieJar();
  const response = await fetchWithJar(jar, `${server.baseUrl}/api/profile/identities/link`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: token, 'content-type': 'application/json', ...ownAddress() },
    body: JSON.stringify({ kind, password }),
  });
  const body = (await response.json()) as { data: { location: string } } | { message: string };
  const reply = { status: response.status, body };
  if (!('data' in body)) return { reply, result: null, jar };
  const { location } = body.data;
  if (location.startsWith('/')) return { reply, result: new URL(location, server.baseUrl), jar };
  const callbackUrl = await signInAtIssuer(location, login, { jar });
  const result = await callbackAtApi(server.baseUrl, callbackUrl, jar);
  return { reply, result, jar, callbackUrl };
}

/** A sign-in that must end with a handoff, exchanged for a session. */
async function signedIn(kind: IdentityProviderKind, login: string, query?: string) {
  const { result, jar } = await signIn(kind, login, { query });
  expect(result.pathname).toBe('/auth/oidc');
  expect(result.searchParams.get('error'), result.href).toBeNull();
  const reply = await complete(result.searchParams.get('handoff'), jar);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

/** A sign-in that must end on the result page with this error. */
async function refused(
  kind: IdentityProviderKind,
  login: string,
  code: string,
  options: Parameters<typeof signIn>[2] = {},
) {
  const { result } = await signIn(kind, login, options);
  expect(Object.fromEntries(result.searchParams)).toEqual({ error: code, provider: kind });
  return result;
}

async function lastActivity(action: string) {
  const [row] = await server.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.action, action))
    .orderBy(desc(activityLog.id))
    .limit(1);
  return row;
}

async function userByEmail(address: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, address));
  return row;
}

async function identitiesOf(userId: number) {
  return server.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

async function rowCounts() {
  const [[u], [c], [i]] = await Promise.all([
    server.db.select({ n: count() }).from(users),
    server.db.select({ n: count() }).from(companies),
    server.db.select({ n: count() }).from(userIdentities),
  ]);
  return { users: u!.n, companies: c!.n, identities: i!.n };
}

describe('the configured providers', () => {
  it('lists them in the order google, microsoft, generic, with their names', async () => {
    const reply = await server.request('GET', '/api/auth/oidc/providers');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: [
        { kind: 'google', name: 'Google' },
        { kind: 'microsoft', name: 'Microsoft' },
        { kind: 'generic', name: 'Acme SSO' },
      ],
    });
  });

  it('sends the browser to the provider with PKCE, state, nonce and a cookie binding it', async () => {
    const jar = new CookieJar();
    const response = await fetch(`${server.baseUrl}/api/auth/oidc/generic/start?mode=page`, {
      redirect: 'manual',
    });
    jar.store(server.baseUrl, response);
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get('location')!);
    expect(url.origin).toBe(issuers.generic.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: issuers.generic.clientId,
      redirect_uri: `${PUBLIC_URL}/api/auth/oidc/generic/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const state = url.searchParams.get('state')!;
    expect(jar.get(server.baseUrl, 'plotline_oidc')).toBe(state);
    expect(response.headers.get('set-cookie')).toMatch(
      /^plotline_oidc=[\w-]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // Only its hash is kept.
    const flows = await server.db.select({ hash: oidcFlows.stateHash }).from(oidcFlows);
    expect(flows.map((flow) => flow.hash)).not.toContain(state);
  });
});

describe('signing in with a provider', () => {
  it('a new verified email makes an individual account named by the provider', async () => {
    const kind = 'google';
    const address = email(`new-${kind}`);
    const data = await signedIn(
      kind,
      `${address}|Ada Lovelace`,
      'next=project-list%3Fpage%3D2&remember=true',
    );
    expect(data).toMatchObject({
      email: address,
      name: 'Ada Lovelace',
      role: 'superadmin',
      password: false,
      identity_providers: [kind],
      next: 'project-list?page=2',
      outcome: 'created',
    });
    const user = (await userByEmail(address))!;
    const [company] = await server.db
      .select()
      .from(companies)
      .where(eq(companies.id, user.companyId!));
    expect(company).toMatchObject({ name: 'Ada Lovelace', type: 'individual' });
    expect(user.passwordHash).toBeNull();
    const [identity] = await identitiesOf(user.id);
    expect(identity).toMatchObject({
      kind,
      issuer: issuers[kind].url,
      subject: `${address}|Ada Lovelace`,
      email: address,
    });
    expect(await lastActivity('identity.account_created')).toMatchObject({
      actorId: user.id,
      entityType: 'user_identity',
      entityId: String(identity!.id),
      summary: `${address} created an account with ${NAMES[kind]}`,
    });

    const me = await server.request('GET', '/api/user/me', { token: data.token });
    expect(me.status).toBe(200);
    const listed = await server.request<{ data: LinkedIdentity[] }>(
      'GET',
      '/api/profile/identities',
      { token: data.token },
    );
    expect(listed.body.data).toEqual([
      {
        id: identity!.id,
        kind,
        provider_name: NAMES[kind],
        email: address,
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
  });

  it('a verified email of an existing user links the identity and signs that user in', async () => {
    const user = await server.makeUser({ email: email('existing') });
    const data = await signedIn('generic', user.email.toUpperCase());
    expect(data).toMatchObject({ id: user.id, outcome: 'linked', identity_providers: ['generic'] });
    expect(await lastActivity('identity.linked')).toMatchObject({
      actorId: user.id,
      companyId: user.companyId,
      summary: `${user.email} linked their account to Acme SSO`,
    });
    const again = await signedIn('generic', user.email.toUpperCase());
    expect(again).toMatchObject({ id: user.id, outcome: 'signed_in' });
    expect(await identitiesOf(user.id)).toHaveLength(1);
    expect((await lastActivity('auth.login'))!.summary).toBe(
      `${user.email} signed in with an identity provider`,
    );
  });
});

describe('invitations', () => {
  async function invite(address: string) {
    const admin = await server.makeUser({ role: 'superadmin' });
    const token = await server.signIn(admin);
    const invited = await server.request('POST', '/api/user/invite', {
      token,
      body: { email: address, role: 'contributor' },
    });
    expect(invited.status).toBe(201);
    const link = new URL((await server.lastMailTo(address)).link!);
    return link.searchParams.get('invite')!;
  }

  it('accepts an invitation with the provider of the invited address', async () => {
    const address = email('invited');
    const t = await invite(address);
    const data = await signedIn('microsoft', address, `invite=${t}`);
    expect(data).toMatchObject({ email: address, outcome: 'invite_accepted', role: 'contributor' });
    expect((await userByEmail(address))!.status).toBe('active');
    expect(await lastActivity('identity.invite_accepted')).toMatchObject({ actorId: data.id });
    // The link is used up.
    await refused('microsoft', address, 'invalid_link', { query: `invite=${t}` });
  });
});

describe('maintenance', () => {
  it('refuses everyone but the root user, and makes no account', async () => {
    const root = await server.makeUser({ role: 'king', companyType: null, email: email('root') });
    const rootToken = await server.signIn(root);
    const member = await server.makeUser({ email: email('member') });
    const memberToken = await server.signIn(member);
    const on = await server.request('PUT', '/api/maintenance', {
      token: rootToken,
      body: { on: true },
    });
    expect(on.status).toBe(200);
    try {
      const before = await rowCounts();
      await refused('google', email('new'), 'maintenance');
      await refused('google', member.email, 'maintenance');
      expect(await rowCounts()).toEqual(before);
      // Root gets in through an identity it linked itself, never by its email.
      await refused('generic', root.email, 'staff_email');
      const linked = await linkThroughApi(
        rootToken,
        'generic',
        `root-at-acme-${sequence}`,
        root.password,
      );
      expect(Object.fromEntries(linked.result!.searchParams)).toEqual({ linked: 'generic' });
      const data = await signedIn('generic', `root-at-acme-${sequence}`);
      expect(data).toMatchObject({ id: root.id, role: 'king', outcome: 'signed_in' });
      const link = await linkThroughApi(memberToken, 'google', member.email, member.password);
      expect(link.reply.status).toBe(503);
    } finally {
      await server.request('PUT', '/api/maintenance', { token: rootToken, body: { on: false } });
    }
  });
});

describe('what an attacker tries', () => {
  it('a tampered nonce fails the ID token check, and nothing is made', async () => {
    const before = await rowCounts();
    const { result } = await signIn('microsoft', email('nonce'), {
      alterAuthorization: (url) => url.searchParams.set('nonce', 'forged-nonce'),
    });
    expect(result.searchParams.get('error')).toBe('failed');
    expect((await lastActivity('identity.refused'))!.details).toMatchObject({
      reason: expect.stringContaining('nonce'),
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('a callback works once: a replayed callback and a replayed code fail', async () => {
    const first = await signIn('generic', email('replay'));
    expect(first.result.searchParams.get('handoff')).toBeTruthy();
    const replayed = await callbackAtApi(server.baseUrl, first.callbackUrl!, first.jar);
    expect(replayed.searchParams.get('error')).toBe('failed');

    // The spent code, brought to another sign-in of the same browser with that one's state.
    const second = await toCallback(server.baseUrl, 'generic', email('replay'));
    const forged = new URL(first.callbackUrl!);
    forged.searchParams.set('state', second.callbackUrl.searchParams.get('state')!);
    const result = await callbackAtApi(server.baseUrl, forged, second.jar);
    expect(result.searchParams.get('error')).toBe('failed');
    expect((await lastActivity('identity.refused'))!.details).toMatchObject({
      reason: expect.stringContaining('invalid_grant'),
    });
  });

  it("a callback in another browser (without the cookie, or with another flow's) fails and leaves the state unspent", async () => {
    // An attacker's own sign-in, whose callback they get a victim's browser to open.
    const attacker = await toCallback(server.baseUrl, 'google', email('csrf'));
    const victim = new CookieJar();
    await fetchWithJar(victim, `${server.baseUrl}/api/auth/oidc/google/start`, {
      headers: ownAddress(),
    });
    for (const jar of [victim, new CookieJar()]) {
      const result = await callbackAtApi(server.baseUrl, attacker.callbackUrl, jar);
      expect(Object.fromEntries(result.searchParams)).toEqual({
        error: 'other_browser',
        provider: 'google',
      });
      expect((await lastActivity('identity.refused'))!.details).toMatchObject({
        reason: 'the sign-in was started in another browser',
      });
    }
    const state = attacker.callbackUrl.searchParams.get('state')!;
    const [flow] = await server.db
      .select({ callbackAt: oidcFlows.callbackAt })
      .from(oidcFlows)
      .where(eq(oidcFlows.stateHash, hashOf(state)));
    expect(flow).toEqual({ callbackAt: null });
    // The browser that started it still finishes it.
    const own = await callbackAtApi(server.baseUrl, attacker.callbackUrl, attacker.jar);
    expect(own.searchParams.get('handoff')).toBeTruthy();
  });

  it('a handoff carried to another browser signs no one in there, and still works in its own', async () => {
    // The attacker's sign-in ends on /auth/oidc?handoff=… in their browser; they send the link.
    const attacker = email('handoff-csrf');
    const { result, jar } = await signIn('google', attacker);
    const handoff = result.searchParams.get('handoff');
    const sessionsBefore = await server.db.select({ n: count() }).from(sessions);

    const fresh = await complete(handoff);
    expect(fresh.status).toBe(400);
    expect(fresh.body).toEqual({ message: MESSAGES.oidcNotStartedHere });
    // A victim who started a sign-in of their own has that flow's cookie, not this one's.
    const victim = new CookieJar();
    await fetchWithJar(victim, `${server.baseUrl}/api/auth/oidc/google/start`, {
      headers: ownAddress(),
    });
    const other = await complete(handoff, victim);
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ message: MESSAGES.invalidLink });
    expect(await server.db.select({ n: count() }).from(sessions)).toEqual(sessionsBefore);

    const own = await complete(handoff, jar);
    expect(own.status).toBe(200);
    expect(own.body.data.email).toBe(attacker);
    expect(own.headers.get('set-cookie')).toMatch(
      /^plotline_oidc=; Path=\/api\/auth\/oidc; Max-Age=0/,
    );
  });

  it('an ID token for another audience fails', async () => {
    issuers.google.idTokenOverrides = { aud: 'another-client' };
    try {
      const { result } = await signIn('google', email('audience'));
      expect(result.searchParams.get('error')).toBe('failed');
      expect((await lastActivity('identity.refused'))!.details).toMatchObject({
        reason: expect.stringContaining('aud'),
      });
    } finally {
      issuers.google.idTokenOverrides = null;
    }
  });

  it('an expired ID token fails', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    issuers.microsoft.idTokenOverrides = { iat: past - 600, exp: past };
    try {
      const { result } = await signIn('microsoft', email('expired'));
      expect(result.searchParams.get('error')).toBe('failed');
      expect((await lastActivity('identity.refused'))!.details).toMatchObject({
        reason: expect.stringContaining('exp'),
      });
    } finally {
      issuers.microsoft.idTokenOverrides = null;
    }
  });

  it('a handoff works once and for a minute', async () => {
    const { result, jar } = await signIn('generic', email('handoff'));
    const handoff = result.searchParams.get('handoff');
    expect(jar.get(server.baseUrl, 'plotline_oidc')).toBeTruthy();
    const cookie = jar.header(server.baseUrl)!;
    expect((await complete(handoff, jar)).status).toBe(200);
    const replay = await server.request('POST', '/api/auth/oidc/complete', {
      body: { handoff },
      headers: { cookie },
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: MESSAGES.invalidLink });

    const late = await signIn('generic', email('handoff'));
    server.clock.advance(61_000);
    const expired = await complete(late.result.searchParams.get('handoff'), late.jar);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: MESSAGES.invalidLink });
    expect((await complete('x'.repeat(43))).status).toBe(400);
  });

  it('a sign-in started more than 10 minutes ago fails', async () => {
    const { jar, callbackUrl } = await toCallback(server.baseUrl, 'google', email('slow'));
    server.clock.advance(10 * 60_000 + 1000);
    const result = await callbackAtApi(server.baseUrl, callbackUrl, jar);
    expect(result.searchParams.get('error')).toBe('failed');
  });
});

describe('the calls refuse bad input', () => {
  it('404 for a kind that is not a provider, 400 for a bad query or body', async () => {
    for (const path of ['/api/auth/oidc/facebook/start', '/api/auth/oidc/facebook/callback']) {
      const reply = await server.request('GET', path);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: MESSAGES.oidcProviderNotConfigured });
    }
    for (const query of ['mode=window', 'remember=yes', 'surprise=1', `next=${'x'.repeat(2001)}`]) {
      const reply = await server.request('GET', `/api/auth/oidc/google/start?${query}`);
      expect(reply.status, query).toBe(400);
    }
    expect((await server.request('POST', '/api/auth/oidc/complete', { body: {} })).status).toBe(
      400,
    );
    const extra = await server.request('POST', '/api/auth/oidc/complete', {
      body: { handoff: 'x', more: 1 },
    });
    expect(extra.status).toBe(400);
  });

  it('a callback without a state, or with a provider error, fails without a 5xx', async () => {
    const bare = await callbackAtApi(
      server.baseUrl,
      new URL(`${PUBLIC_URL}/api/auth/oidc/generic/callback`),
      new CookieJar(),
    );
    expect(Object.fromEntries(bare.searchParams)).toEqual({ error: 'failed', provider: 'generic' });

    const { jar, callbackUrl } = await toCallback(server.baseUrl, 'generic', email('error'));
    const failing = new URL(`${PUBLIC_URL}/api/auth/oidc/generic/callback`);
    failing.searchParams.set('state', callbackUrl.searchParams.get('state')!);
    failing.searchParams.set('error', 'temporarily_unavailable');
    const result = await callbackAtApi(server.baseUrl, failing, jar);
    expect(Object.fromEntries(result.searchParams)).toEqual({
      error: 'failed',
      provider: 'generic',
    });
    expect((await lastActivity('identity.refused'))!.details).toMatchObject({
      reason: 'temporarily_unavailable',
    });
  });
});

describe('linked identities in the profile', () => {
  it('unlinks one, never the last way to sign in, and never another user’s', async () => {
    const address = email('unlink');
    const created = await signedIn('google', address);
    const linked = await signedIn('generic', address);
    expect(linked).toMatchObject({ id: created.id, outcome: 'linked' });
    const token = linked.token;
    const list = async () =>
      (
        await server.request<{ data: LinkedIdentity[] }>('GET', '/api/profile/identities', {
          token,
        })
      ).body.data;
    const [google, generic] = await list();
    expect([google!.kind, generic!.kind]).toEqual(['google', 'generic']);

    const other = await server.makeUser();
    const otherToken = await server.signIn(other);
    const foreign = await server.request('DELETE', `/api/profile/identities/${google!.id}`, {
      token: otherToken,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: MESSAGES.identityNotFound });

    const removed = await server.request('DELETE', `/api/profile/identities/${google!.id}`, {
      token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { id: google!.id } });
    expect(await lastActivity('identity.unlinked')).toMatchObject({
      actorId: created.id,
      entityId: String(google!.id),
    });
    const last = await server.request('DELETE', `/api/profile/identities/${generic!.id}`, {
      token,
    });
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ message: MESSAGES.lastSignInWay });
    expect(await list()).toEqual([generic]);
    const me = await server.request<{ data: { identity_providers: string[] } }>(
      'GET',
      '/api/user/me',
      { token },
    );
    expect(me.body.data.identity_providers).toEqual(['generic']);

    expect(
      (await server.request('DELETE', `/api/profile/identities/${google!.id}`, { token })).status,
    ).toBe(404);
    expect((await server.request('DELETE', '/api/profile/identities/abc', { token })).status).toBe(
      400,
    );
    expect((await server.request('GET', '/api/profile/identities')).status).toBe(401);
    expect((await server.request('DELETE', `/api/profile/identities/${generic!.id}`)).status).toBe(
      401,
    );
  });
});

describe('a provider that is down', () => {
  let lone: TestServer;
  let port: number;
  let silent: Server;
  const hanging = new Set<Socket>();

  beforeAll(async () => {
    // A free port with nothing on it, and one that takes connections but never answers.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    silent = createServer((socket) => hanging.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    lone = await startTestServer({
      database: await connectAgain(server.database),
      identityProviders: [
        {
          kind: 'generic',
          name: 'Down Corp',
          issuer: `http://127.0.0.1:${port}`,
          clientId: 'generic-client',
          clientSecret: 'generic-secret-that-is-long-enough',
        },
        {
          kind: 'microsoft',
          name: 'Microsoft',
          issuer: `http://127.0.0.1:${silentPort}`,
          clientId: 'x',
          clientSecret: 'y',
        },
      ],
    });
  });
  afterAll(async () => {
    await lone.close();
    for (const socket of hanging) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('says so quickly, makes nothing, and tries discovery again next time', async () => {
    const before = await rowCounts();
    const down = await signInThroughApi({ baseUrl: lone.baseUrl, kind: 'generic', login: 'x' });
    expect(Object.fromEntries(down.result.searchParams)).toEqual({
      error: 'provider_down',
      provider: 'generic',
    });
    const startedAt = Date.now();
    const silentOne = await signInThroughApi({
      baseUrl: lone.baseUrl,
      kind: 'microsoft',
      login: 'x',
    });
    expect(silentOne.result.searchParams.get('error')).toBe('provider_down');
    expect(Date.now() - startedAt).toBeLessThan(4000);

    const issuer = await startTestIssuer({
      kind: 'generic',
      port,
      redirectUri: `${PUBLIC_URL}/api/auth/oidc/generic/callback`,
    });
    try {
      const address = email('back-up');
      const up = await signInThroughApi({ baseUrl: lone.baseUrl, kind: 'generic', login: address });
      expect(up.result.searchParams.get('handoff')).toBeTruthy();

      // Down between the start and the callback: the code cannot be exchanged.
      const { jar, callbackUrl } = await toCallback(lone.baseUrl, 'generic', email('down-later'));
      await issuer.close();
      const result = await callbackAtApi(lone.baseUrl, callbackUrl, jar);
      expect(result.searchParams.get('error')).toBe('provider_down');
      const after = await rowCounts();
      expect(after).toEqual({
        users: before.users + 1,
        companies: before.companies + 1,
        identities: before.identities + 1,
      });
    } finally {
      await issuer.close();
    }
  });

  it('answers 404 for a kind that is not configured here', async () => {
    const reply = await fetch(`${lone.baseUrl}/api/auth/oidc/google/start`, {
      redirect: 'manual',
    });
    expect(reply.status).toBe(404);
    const providers = await fetch(`${lone.baseUrl}/api/auth/oidc/providers`);
    expect(await providers.json()).toEqual({
      data: [
        { kind: 'microsoft', name: 'Microsoft' },
        { kind: 'generic', name: 'Down Corp' },
      ],
    });
  });
});

describe('linking a further provider from the profile', () => {
  it('needs the current password; the identity then joins this user whatever its email, and signs them in', async () => {
    const user = await server.makeUser({ email: email('linker') });
    const token = await server.signIn(user);
    const login = `linker-at-google-${sequence}`;
    const elsewhere = email('personal');
    issuers.google.accounts.set(login, { email: elsewhere, email_verified: true });
    const before = await rowCounts();

    const wrong = await linkThroughApi(token, 'google', login, 'not-the-password');
    expect(wrong.reply).toEqual({ status: 400, body: { message: MESSAGES.wrongCurrentPassword } });
    expect(wrong.jar.get(server.baseUrl, 'plotline_oidc')).toBeUndefined();
    expect(await rowCounts()).toEqual(before);

    const linked = await linkThroughApi(token, 'google', login, user.password);
    expect(
      new URL((linked.reply.body as { data: { location: string } }).data.location).origin,
    ).toBe(issuers.google.url);
    expect(linked.result!.pathname).toBe('/auth/oidc');
    expect(Object.fromEntries(linked.result!.searchParams)).toEqual({ linked: 'google' });
    const [identity] = await identitiesOf(user.id);
    expect(identity).toMatchObject({ kind: 'google', subject: login, email: elsewhere });
    expect(await lastActivity('identity.link_started')).toMatchObject({
      actorId: user.id,
      entityType: 'user',
      entityId: String(user.id),
    });
    expect(await lastActivity('identity.linked')).toMatchObject({
      actorId: user.id,
      entityId: String(identity!.id),
      summary: `${user.email} linked Google (${elsewhere}) from their profile`,
    });
    // No session came of it: no handoff, and the flow's cookie is gone.
    expect(linked.jar.get(server.baseUrl, 'plotline_oidc')).toBeUndefined();
    const listed = await server.request<{ data: LinkedIdentity[] }>(
      'GET',
      '/api/profile/identities',
      { token },
    );
    expect(listed.body.data.map(({ kind, email }) => ({ kind, email }))).toEqual([
      { kind: 'google', email: elsewhere },
    ]);

    const data = await signedIn('google', login);
    expect(data).toMatchObject({ id: user.id, outcome: 'signed_in' });
    // Linking the same identity again changes nothing.
    const again = await linkThroughApi(token, 'google', login, user.password);
    expect(again.result!.searchParams.get('linked')).toBe('google');
    expect(await identitiesOf(user.id)).toHaveLength(1);
  });

  it('refuses an identity linked to another user, an unverified email, and another browser', async () => {
    const owner = await server.makeUser({ email: email('owner') });
    await signedIn('generic', owner.email);
    const user = await server.makeUser({ email: email('second') });
    const token = await server.signIn(user);

    const taken = await linkThroughApi(token, 'generic', owner.email, user.password);
    expect(Object.fromEntries(taken.result!.searchParams)).toEqual({
      error: 'identity_taken',
      provider: 'generic',
    });
    const unverified = await linkThroughApi(
      token,
      'microsoft',
      `${email('unverified')}|Eve|unverified`,
      user.password,
    );
    expect(unverified.result!.searchParams.get('error')).toBe('unverified_email');
    expect(await identitiesOf(user.id)).toEqual([]);

    // The link's callback opened in a browser that did not ask for it.
    const jar = new CookieJar();
    const started = await fetchWithJar(jar, `${server.baseUrl}/api/profile/identities/link`, {
      method: 'POST',
      headers: { [ACCESS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'google', password: user.password }),
    });
    const { data } = (await started.json()) as { data: { location: string } };
    const callbackUrl = await signInAtIssuer(data.location, email('carried'));
    const carried = await callbackAtApi(server.baseUrl, callbackUrl, new CookieJar());
    expect(carried.searchParams.get('error')).toBe('other_browser');
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('an account without a password sets one first (409); bad input and no session are refused', async () => {
    const address = email('provider-only');
    const created = await signedIn('google', address);
    const noPassword = await linkThroughApi(created.token, 'generic', address, 'anything');
    expect(noPassword.reply).toEqual({
      status: 409,
      body: { message: MESSAGES.linkNeedsPassword },
    });

    const user = await server.makeUser();
    const token = await server.signIn(user);
    const link = (body: unknown, withToken = true) =>
      server.request('POST', '/api/profile/identities/link', {
        body,
        ...(withToken ? { token } : {}),
      });
    expect((await link({ kind: 'google', password: user.password }, false)).status).toBe(401);
    expect((await link({ kind: 'facebook', password: 'x' })).status).toBe(400);
    expect((await link({ kind: 'google' })).status).toBe(400);
    expect((await link({ kind: 'google', password: 'x', user_id: user.id })).status).toBe(400);
  });
});
