import {
  COMPANY_NAME_MAX,
  formatMessage,
  MESSAGES,
  OIDC_FLOW_MINUTES,
  OIDC_HANDOFF_SECONDS,
  OIDC_RESULT_PATH,
  REMEMBERED_SESSION_DAYS,
  type IdentityProviderKind,
  type OidcStartQuery,
} from '@plotline/core';
import { describe, expect, it } from 'vitest';
import type { AuthContext, Origin } from '../../access/caller.ts';
import { FAKE_NOW, fakeCaller } from '../../test/fakes/fake-data.ts';
import {
  createFakeIdentityProvider,
  type FakeAccountClaims,
} from '../../test/fakes/fake-identities.ts';
import { createFakeMaintenanceSettings } from '../../test/fakes/fake-maintenance.ts';
import {
  createFakeUserData,
  FAKE_PASSWORD,
  type FakeUserRow,
} from '../../test/fakes/fake-users.ts';
import { holdNextCall, refusal, settle, track } from '../../test/fakes/interceptors.ts';
import { hashOf } from '../account-links/account-links.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { createSessionTokens } from '../auth/session-token.ts';
import { createMaintenanceService } from '../maintenance/maintenance.service.ts';
import { createIdentityProvidersService } from './identity-providers.service.ts';

/**
 * Sign-in with identity providers over a fake provider (fake-identities.ts hands out codes and
 * checks that the state, nonce and PKCE verifier come back): the flow's steps, the account rules
 * a proven identity meets, invitations, the handoff, links from the profile and unlinking. What
 * openid-client checks of a real ID token, the browser cookie and the provider's network stay in
 * the API test.
 */

const PUBLIC_URL = 'https://studio.test';
const MINUTE_MS = 60_000;
const KINDS: IdentityProviderKind[] = ['google', 'microsoft', 'generic'];

function setup(configured: IdentityProviderKind[] = ['generic', 'microsoft', 'google']) {
  const data = createFakeUserData();
  const settings = createFakeMaintenanceSettings();
  const maintenance = createMaintenanceService({ settings, forced: false, clock: data.clock });
  const mayStartSession = (user: { role: FakeUserRow['role'] }) =>
    maintenance.assertMayStartSession(user);
  const auth = createAuthService({
    auth: data.sessions,
    users: data.users,
    rateLimits: data.rateLimits,
    hasher: data.hasher,
    tokens: createSessionTokens('a-signing-secret-for-the-small-tests'),
    clock: data.clock,
    mayStartSession,
  });
  const idp = {
    google: createFakeIdentityProvider('google', 'Google'),
    microsoft: createFakeIdentityProvider('microsoft', 'Microsoft'),
    generic: createFakeIdentityProvider('generic', 'Acme SSO'),
  };
  const service = createIdentityProvidersService({
    providers: configured.map((kind) => idp[kind]),
    repository: data.identities,
    users: data.users,
    hasher: data.hasher,
    companies: data.companies,
    tokens: data.tokens,
    activity: data.activity,
    auth,
    rateLimits: data.rateLimits,
    mayStartSession,
    assertWritesOpen: () => maintenance.assertWritesOpen(),
    publicUrl: PUBLIC_URL,
    clock: data.clock,
    transaction: data.transaction,
  });

  /** A browser's sign-in up to the provider's answer: the callback's query and the cookie. */
  async function toCallback(
    kind: IdentityProviderKind,
    subject: string,
    claims: FakeAccountClaims,
    query: Partial<OidcStartQuery> = {},
    origin = from(),
  ) {
    const started = await service.start(kind, { mode: 'popup', ...query }, origin);
    expect(started.browserBinding, started.location).not.toBeNull();
    const search = idp[kind].approve(started.location, subject, claims);
    return { search, binding: started.browserBinding!, location: started.location };
  }

  /** A whole sign-in at the provider: the result page's query and the browser's cookie. */
  async function signIn(
    kind: IdentityProviderKind,
    subject: string,
    claims: FakeAccountClaims,
    query: Partial<OidcStartQuery> = {},
  ) {
    const { search, binding } = await toCallback(kind, subject, claims, query);
    const result = await service.callback(kind, search, binding, from());
    return { result: resultOf(result.location), handoff: result.handoff, binding };
  }

  /** A sign-in that must end with a handoff, exchanged for a session in the same browser. */
  async function signedIn(
    kind: IdentityProviderKind,
    subject: string,
    claims: FakeAccountClaims,
    query: Partial<OidcStartQuery> = {},
  ) {
    const { result, handoff, binding } = await signIn(kind, subject, claims, query);
    expect(result, JSON.stringify(result)).toHaveProperty('handoff');
    expect(handoff).toBe(true);
    return service.complete(result.handoff!, binding, from());
  }

  /** The studio's session of a user, as the profile's calls have it. */
  const sessionOf = async (user: FakeUserRow): Promise<AuthContext> =>
    (await auth.startSession((await data.users.findUserById(user.id))!, from(), false)).caller;

  /** A signed-in user's link of a further provider, from the password to the callback. */
  async function link(
    caller: AuthContext,
    kind: IdentityProviderKind,
    subject: string,
    claims: FakeAccountClaims,
  ) {
    const started = await service.startLink(caller, { kind, password: FAKE_PASSWORD }, from());
    const search = idp[kind].approve(started.location, subject, claims);
    const result = await service.callback(kind, search, started.browserBinding!, from());
    return resultOf(result.location);
  }

  const rowCounts = () => ({
    users: data.tables.users.rows().length,
    companies: data.tables.companies.rows().length,
    identities: data.tables.identities.rows().length,
    sessions: data.tables.sessions.rows().length,
  });
  const lastActivity = (action: string) =>
    data.tables.activity
      .rows()
      .filter((entry) => entry.action === action)
      .at(-1);
  /** Switched in this process, so seen at once whatever it read before. */
  const maintenanceOn = () =>
    maintenance.update(fakeCaller(null, 'king'), { on: true, message: '' });

  return {
    data,
    idp,
    service,
    toCallback,
    signIn,
    signedIn,
    sessionOf,
    link,
    rowCounts,
    lastActivity,
    maintenanceOn,
  };
}

let addresses = 0;
/** Each call from an address of its own unless told, so the per-address limits stay apart. */
const from = (ip = `198.51.100.${(++addresses % 250) + 1}`): Origin => ({
  ip,
  userAgent: 'Vitest',
  language: null,
});

/** The result page's query; the path must be the studio's result page. */
function resultOf(location: string): Record<string, string> {
  const url = new URL(location, PUBLIC_URL);
  expect(url.pathname).toBe(OIDC_RESULT_PATH);
  return Object.fromEntries(url.searchParams);
}

const verified = (email: string, name?: string): FakeAccountClaims => ({
  email,
  email_verified: true,
  ...(name === undefined ? {} : { name }),
});

describe('the configured providers', () => {
  it('are listed in the order google, microsoft, generic whatever the configuration’s, with their names', () => {
    expect(setup(['generic', 'google']).service.providers()).toEqual([
      { kind: 'google', name: 'Google' },
      { kind: 'generic', name: 'Acme SSO' },
    ]);
  });

  it('are the only kinds one can start, finish, check or link with (404)', async () => {
    const { data, service, sessionOf } = setup(['generic']);
    const caller = await sessionOf(data.makeUser());
    const calls = [
      Promise.resolve().then(() => service.start('google', { mode: 'page' }, from())),
      service.callback('google', new URLSearchParams(), undefined, from()),
      service.startLink(caller, { kind: 'microsoft', password: FAKE_PASSWORD }, from()),
      Promise.resolve().then(() => service.assertConfigured('facebook')),
    ];
    for (const call of calls) {
      const refused = await refusal(call);
      expect([refused.status, refused.message]).toEqual([404, MESSAGES.oidcProviderNotConfigured]);
    }
    expect(data.tables.flows.rows()).toEqual([]);
  });
});

describe('starting a sign-in', () => {
  it('sends the browser to the provider and keeps the flow, its state only as a hash', async () => {
    const { data, service, idp } = setup();
    const started = await service.start(
      'microsoft',
      {
        mode: 'page',
        next: '/app/project-list?page=2',
        invite: 'the-invitation',
        remember: 'true',
      },
      from(),
    );
    const url = new URL(started.location);
    expect(url.origin).toBe(idp.microsoft.issuer);
    const state = url.searchParams.get('state')!;
    expect(started.browserBinding).toBe(state);
    expect(idp.microsoft.requests.get(state)).toMatchObject({
      redirectUri: `${PUBLIC_URL}/api/auth/oidc/microsoft/callback`,
      nonce: url.searchParams.get('nonce'),
    });
    expect(data.tables.flows.rows()).toEqual([
      expect.objectContaining({
        kind: 'microsoft',
        stateHash: hashOf(state),
        nonce: url.searchParams.get('nonce'),
        codeVerifier: idp.microsoft.requests.get(state)!.codeVerifier,
        mode: 'page',
        next: 'project-list?page=2',
        inviteTokenHash: hashOf('the-invitation'),
        remember: true,
        linkUserId: null,
        createdAt: FAKE_NOW,
        expiresAt: new Date(FAKE_NOW.getTime() + OIDC_FLOW_MINUTES * MINUTE_MS),
      }),
    ]);
  });

  it('keeps only a studio page as where to land', async () => {
    const { data, service } = setup();
    for (const next of ['https://evil.example/', '/login', 'project-list/../../login']) {
      await service.start('google', { mode: 'popup', next }, from());
    }
    expect(data.tables.flows.rows().map((flow) => flow.next)).toEqual([null, null, null]);
  });

  it('clears away flows whose every step has ended', async () => {
    const { data, service } = setup();
    await service.start('google', { mode: 'popup' }, from());
    data.clock.advance(OIDC_FLOW_MINUTES * MINUTE_MS + 1);
    await service.start('google', { mode: 'popup' }, from());
    expect(data.tables.flows.rows()).toHaveLength(1);
  });

  it('refuses a 51st start from one address within 15 minutes on the result page, keeping nothing', async () => {
    const { data, service } = setup();
    const address = from('203.0.113.51');
    for (let i = 0; i < 50; i++) {
      expect((await service.start('google', { mode: 'popup' }, address)).browserBinding).not.toBe(
        null,
      );
    }
    const refused = await service.start('google', { mode: 'popup' }, address);
    expect(refused.browserBinding).toBeNull();
    expect(resultOf(refused.location)).toEqual({ error: 'too_many', provider: 'google' });
    expect(data.tables.flows.rows()).toHaveLength(50);
    expect((await service.start('google', { mode: 'popup' }, from())).browserBinding).not.toBe(
      null,
    );
  });

  it('sends the browser to the result page when the provider cannot be reached, and logs why', async () => {
    const { data, service, idp, lastActivity } = setup();
    idp.generic.reachable = false;
    const down = await service.start('generic', { mode: 'popup' }, from('192.0.2.9'));
    expect(down.browserBinding).toBeNull();
    expect(resultOf(down.location)).toEqual({ error: 'provider_down', provider: 'generic' });
    expect(data.tables.flows.rows()).toEqual([]);
    expect(lastActivity('identity.refused')).toMatchObject({
      actorId: null,
      summary: 'Sign-in with Acme SSO refused (provider_down)',
      details: {
        code: 'provider_down',
        provider: 'generic',
        reason: expect.stringContaining('discovery failed'),
      },
      ip: '192.0.2.9',
    });
    idp.generic.reachable = true;
    expect((await service.start('generic', { mode: 'popup' }, from())).browserBinding).not.toBe(
      null,
    );
  });
});

describe('a new verified email', () => {
  it.each(KINDS)(
    '%s: makes an individual account named by the provider, signed in',
    async (kind) => {
      const { data, service, signedIn, idp, lastActivity } = setup();
      const { session, next, outcome } = await signedIn(
        kind,
        `ada-at-${kind}`,
        verified(' Ada@Example.com ', 'Ada Lovelace'),
        { next: 'project-list', remember: 'true' },
      );
      expect(outcome).toBe('created');
      expect(next).toBe('project-list');
      expect(session.reply).toMatchObject({
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        role: 'superadmin',
        company_type: 'individual',
        password: false,
        identity_providers: [kind],
      });
      const user = data.tables.users.find(session.reply.id)!;
      expect(user).toMatchObject({ passwordHash: null, status: 'active' });
      expect(data.tables.companies.find(user.companyId!)).toMatchObject({
        name: 'Ada Lovelace',
        type: 'individual',
      });
      const [identity] = data.tables.identities.rows();
      expect(identity).toMatchObject({
        userId: user.id,
        kind,
        issuer: idp[kind].issuer,
        subject: `ada-at-${kind}`,
        email: 'ada@example.com',
      });
      expect(lastActivity('identity.account_created')).toMatchObject({
        actorId: user.id,
        companyId: user.companyId,
        entityType: 'user_identity',
        entityId: identity!.id,
        summary: `ada@example.com created an account with ${idp[kind].name}`,
        details: { provider: kind },
      });
      // Remembered, as on the sign-in form.
      expect(data.tables.sessions.rows()[0]!.expiresAt).toEqual(
        new Date(FAKE_NOW.getTime() + REMEMBERED_SESSION_DAYS * 24 * 60 * MINUTE_MS),
      );
      expect(await service.listIdentities(session.caller)).toEqual([
        {
          id: identity!.id,
          kind,
          provider_name: idp[kind].name,
          email: 'ada@example.com',
          created_at: FAKE_NOW.toISOString(),
          last_used_at: FAKE_NOW.toISOString(),
        },
      ]);
    },
  );

  it('without a name makes an account without one, its company named by the email; a long name is cut', async () => {
    const { data, signedIn } = setup();
    const nameless = await signedIn('google', 'nameless', verified('nameless@example.com'));
    expect(nameless.session.reply.name).toBeNull();
    const long = await signedIn('google', 'long', verified('long@example.com', 'x'.repeat(300)));
    expect(long.session.reply.name).toHaveLength(COMPANY_NAME_MAX);
    expect(data.tables.companies.rows().map((company) => company.name)).toEqual([
      'nameless@example.com',
      'x'.repeat(COMPANY_NAME_MAX),
    ]);
  });
});

describe('an email the provider does not vouch for', () => {
  it('is refused, and nothing is made but the line in the log', async () => {
    const { signIn, rowCounts, lastActivity } = setup();
    const before = rowCounts();
    const unverified = await signIn('google', 'eve', { email: 'eve@example.com', name: 'Eve' });
    expect(unverified.result).toEqual({ error: 'unverified_email', provider: 'google' });
    expect(lastActivity('identity.refused')).toMatchObject({
      summary: 'Sign-in with Google refused (unverified_email) for eve@example.com',
    });
    const none = await signIn('generic', 'no-email', { name: 'No Email', email_verified: true });
    expect(none.result).toEqual({ error: 'unverified_email', provider: 'generic' });
    expect(lastActivity('identity.refused')).toMatchObject({
      actorId: null,
      entityType: 'user_identity',
      summary: 'Sign-in with Acme SSO refused (unverified_email)',
      details: expect.objectContaining({ code: 'unverified_email', provider: 'generic' }),
    });
    expect(rowCounts()).toEqual(before);
  });

  it("is vouched for by Microsoft's xms_edov when email_verified is missing, and by no one else's", async () => {
    const { signedIn, signIn } = setup();
    const claims = { email: 'entra@example.com', xms_edov: true };
    expect((await signedIn('microsoft', 'entra', claims)).outcome).toBe('created');
    const elsewhere = await signIn('google', 'edov', { email: 'edov@example.com', xms_edov: true });
    expect(elsewhere.result.error).toBe('unverified_email');
  });
});

describe('the verified email of a known user', () => {
  it('links the identity and signs that user in; the identity then signs them in', async () => {
    const { data, signedIn, lastActivity } = setup();
    const user = data.makeUser();
    const first = await signedIn('generic', 'ada-sso', verified(user.email.toUpperCase()));
    expect([first.outcome, first.session.reply.id]).toEqual(['linked', user.id]);
    expect(lastActivity('identity.linked')).toMatchObject({
      actorId: user.id,
      companyId: user.companyId,
      summary: `${user.email} linked their account to Acme SSO`,
    });

    data.clock.advance(MINUTE_MS);
    const again = await signedIn('generic', 'ada-sso', verified(user.email));
    expect([again.outcome, again.session.reply.id]).toEqual(['signed_in', user.id]);
    expect(data.tables.identities.rows()).toEqual([
      expect.objectContaining({ userId: user.id, lastUsedAt: data.clock.now() }),
    ]);
    expect(lastActivity('identity.signed_in')).toMatchObject({
      summary: `${user.email} proved their identity with Acme SSO`,
    });
  });

  it('of an invited user makes the account active', async () => {
    const { data, signedIn } = setup();
    const invited = data.makeUser({ status: 'invited', password: null });
    expect((await signedIn('google', 'invited', verified(invited.email))).outcome).toBe('linked');
    expect(data.tables.users.find(invited.id)!.status).toBe('active');
  });

  it('no longer matters once the identity is linked: the email may change at the provider', async () => {
    const { signedIn } = setup();
    const created = await signedIn('google', 'moving-user', verified('before@example.com'));
    const moved = await signedIn('google', 'moving-user', verified('after@example.com'));
    expect(moved.outcome).toBe('signed_in');
    expect(moved.session.reply).toMatchObject({
      id: created.session.reply.id,
      email: 'before@example.com',
    });
  });

  it('of a disabled user, or of a user of a disabled company, is refused as with a password', async () => {
    const { data, signIn, signedIn, rowCounts } = setup();
    const disabled = data.makeUser({ status: 'disabled' });
    const company = data.makeCompany({ status: 'disabled' });
    const member = data.makeUser({ companyId: company.id });
    const linked = data.makeUser();
    await signedIn('generic', 'linked-before', verified(linked.email));
    data.tables.users.update(linked.id, { status: 'disabled' });
    const before = rowCounts();

    expect((await signIn('google', 'd', verified(disabled.email))).result.error).toBe(
      'account_disabled',
    );
    expect((await signIn('microsoft', 'm', verified(member.email))).result.error).toBe(
      'company_disabled',
    );
    expect((await signIn('generic', 'linked-before', verified(linked.email))).result.error).toBe(
      'account_disabled',
    );
    expect(rowCounts()).toEqual(before);
  });

  it.each(['king', 'internal', 'accountManager'] as const)(
    'of a %s user is refused with every provider: nothing linked, no handoff',
    async (role) => {
      const { data, signIn, rowCounts, lastActivity } = setup();
      const staff = data.makeUser({ role });
      const before = rowCounts();
      for (const kind of KINDS) {
        const { result, handoff } = await signIn(
          kind,
          `${role}-${kind}`,
          verified(staff.email.toUpperCase()),
        );
        expect(result).toEqual({ error: 'staff_email', provider: kind });
        expect(handoff).toBe(false);
      }
      expect(rowCounts()).toEqual(before);
      expect(lastActivity('identity.refused')).toMatchObject({
        summary: `Sign-in with Acme SSO refused (staff_email) for ${staff.email}`,
        details: expect.objectContaining({ code: 'staff_email' }),
      });
      expect(formatMessage(MESSAGES.oidcStaffEmail, { provider: 'Acme SSO' })).toContain(
        'link Acme SSO from your profile',
      );
    },
  );
});

describe("the provider's callback", () => {
  it('ends with "cancelled" when the viewer cancels at the provider', async () => {
    const { service, idp } = setup();
    const started = await service.start('generic', { mode: 'popup' }, from());
    const result = await service.callback(
      'generic',
      idp.generic.deny(started.location),
      started.browserBinding!,
      from(),
    );
    expect(resultOf(result.location)).toEqual({ error: 'cancelled', provider: 'generic' });
  });

  it('fails without a state, and with an error of the provider, logging it', async () => {
    const { service, toCallback, lastActivity } = setup();
    const bare = await service.callback('generic', new URLSearchParams(), 'anything', from());
    expect(resultOf(bare.location)).toEqual({ error: 'failed', provider: 'generic' });

    const { search, binding } = await toCallback('generic', 'x', verified('x@example.com'));
    const failing = new URLSearchParams({
      state: search.get('state')!,
      error: 'temporarily_unavailable',
    });
    const result = await service.callback('generic', failing, binding, from());
    expect(resultOf(result.location)).toEqual({ error: 'failed', provider: 'generic' });
    expect(lastActivity('identity.refused')!.details).toMatchObject({
      reason: 'temporarily_unavailable',
    });
  });

  it('in a browser that did not start the flow fails, and leaves the flow to the one that did', async () => {
    const { data, service, toCallback, lastActivity } = setup();
    const attacker = await toCallback('google', 'attacker', verified('attacker@example.com'));
    const victim = await service.start('google', { mode: 'popup' }, from());
    for (const binding of [victim.browserBinding!, undefined]) {
      const result = await service.callback('google', attacker.search, binding, from());
      expect(resultOf(result.location)).toEqual({ error: 'other_browser', provider: 'google' });
      expect(lastActivity('identity.refused')!.details).toMatchObject({
        reason: 'the sign-in was started in another browser',
      });
    }
    const flow = data.tables.flows
      .rows()
      .find((row) => row.stateHash === hashOf(attacker.search.get('state')!));
    expect(flow!.callbackAt).toBeNull();
    const own = await service.callback('google', attacker.search, attacker.binding, from());
    expect(resultOf(own.location)).toHaveProperty('handoff');
  });

  it('works once: a replayed callback, and the spent code brought to another flow, fail', async () => {
    const { service, toCallback, lastActivity } = setup();
    const first = await toCallback('generic', 'replay', verified('replay@example.com'));
    expect(
      resultOf((await service.callback('generic', first.search, first.binding, from())).location),
    ).toHaveProperty('handoff');
    const replayed = await service.callback('generic', first.search, first.binding, from());
    expect(resultOf(replayed.location).error).toBe('failed');
    expect(lastActivity('identity.refused')!.details).toMatchObject({
      reason: 'unknown, used or expired state',
    });

    const second = await toCallback('generic', 'replay', verified('replay@example.com'));
    const forged = new URLSearchParams(first.search);
    forged.set('state', second.search.get('state')!);
    const result = await service.callback('generic', forged, second.binding, from());
    expect(resultOf(result.location).error).toBe('failed');
    expect(lastActivity('identity.refused')!.details).toMatchObject({
      reason: expect.stringContaining('invalid_grant'),
    });
  });

  it('fails for a flow started more than 10 minutes ago, or with another provider', async () => {
    const { data, service, toCallback } = setup();
    const slow = await toCallback('google', 'slow', verified('slow@example.com'));
    const other = await toCallback('microsoft', 'other', verified('other@example.com'));
    const crossed = await service.callback('google', other.search, other.binding, from());
    expect(resultOf(crossed.location)).toEqual({ error: 'failed', provider: 'google' });

    data.clock.advance(OIDC_FLOW_MINUTES * MINUTE_MS);
    const late = await service.callback('google', slow.search, slow.binding, from());
    expect(resultOf(late.location)).toEqual({ error: 'failed', provider: 'google' });
  });

  it('reports a provider down between the start and the callback, and makes nothing', async () => {
    const { service, toCallback, idp, rowCounts } = setup();
    const { search, binding } = await toCallback('generic', 'down', verified('down@example.com'));
    const before = rowCounts();
    idp.generic.reachable = false;
    const result = await service.callback('generic', search, binding, from());
    expect(resultOf(result.location)).toEqual({ error: 'provider_down', provider: 'generic' });
    expect(rowCounts()).toEqual(before);
  });
});

describe('an invitation accepted with a provider', () => {
  /** An invited user and their invitation's token, as the mail carries it. */
  async function invited(
    data: ReturnType<typeof setup>['data'],
    role: FakeUserRow['role'] = 'contributor',
  ) {
    const user = data.makeUser({ status: 'invited', password: null, role });
    const mail = await data.transaction((tx) =>
      data.links.prepare('invite', user, 'en', 'Acme', tx),
    );
    return { user, t: new URL(mail.link!).searchParams.get('invite')! };
  }

  it('signs the invitee in when the emails match, makes the account active, and uses the link up', async () => {
    const { data, signedIn, signIn, lastActivity } = setup();
    const { user, t } = await invited(data);
    const accepted = await signedIn('microsoft', 'invitee', verified(user.email), { invite: t });
    expect(accepted.outcome).toBe('invite_accepted');
    expect(accepted.session.reply).toMatchObject({ id: user.id, role: 'contributor' });
    expect(data.tables.users.find(user.id)!.status).toBe('active');
    expect(data.tables.identities.rows()).toEqual([expect.objectContaining({ userId: user.id })]);
    expect(lastActivity('identity.invite_accepted')).toMatchObject({ actorId: user.id });

    const again = await signIn('microsoft', 'invitee', verified(user.email), { invite: t });
    expect(again.result).toEqual({ error: 'invalid_link', provider: 'microsoft' });
  });

  it('refuses another address, an identity linked to someone else, a staff role and an unknown token; the invitation stays usable', async () => {
    const { data, signIn, signedIn, rowCounts } = setup();
    await signedIn('generic', 'linked-elsewhere', verified('taken@example.com'));
    const { user, t } = await invited(data);
    const staff = await invited(data, 'internal');
    const before = rowCounts();

    const refusals = [
      [
        await signIn('google', 'someone', verified('else@example.com'), { invite: t }),
        'invite_mismatch',
      ],
      [
        await signIn('generic', 'linked-elsewhere', verified(user.email), { invite: t }),
        'identity_taken',
      ],
      [
        await signIn('google', 'staff', verified(staff.user.email), { invite: staff.t }),
        'staff_email',
      ],
      [
        await signIn('google', 'nobody', verified(user.email), { invite: 'not-a-token' }),
        'invalid_link',
      ],
    ] as const;
    for (const [{ result }, code] of refusals) expect(result.error).toBe(code);
    expect(rowCounts()).toEqual(before);
    expect(data.tables.users.find(user.id)!.status).toBe('invited');
    expect(data.tables.users.find(staff.user.id)!.status).toBe('invited');
    expect(data.tables.tokens.rows().map((token) => token.usedAt)).toEqual([null, null]);
  });

  it("refuses a disabled company's invitee", async () => {
    const { data, signIn } = setup();
    const { user, t } = await invited(data);
    data.tables.companies.update(user.companyId!, { status: 'disabled' });
    const { result } = await signIn('google', 'closed', verified(user.email), { invite: t });
    expect(result.error).toBe('company_disabled');
    expect(data.tables.users.find(user.id)!.status).toBe('invited');
  });
});

describe('the handoff', () => {
  it('is exchanged once, within its time, in the browser that started the flow', async () => {
    const { data, service, signIn, rowCounts } = setup();
    const own = await signIn('generic', 'handoff', verified('handoff@example.com'));
    const victim = await service.start('generic', { mode: 'popup' }, from());
    const sessions = rowCounts().sessions;

    const fresh = await refusal(service.complete(own.result.handoff!, undefined, from()));
    expect([fresh.status, fresh.message]).toEqual([400, MESSAGES.oidcNotStartedHere]);
    const other = await refusal(
      service.complete(own.result.handoff!, victim.browserBinding!, from()),
    );
    expect([other.status, other.message]).toEqual([400, MESSAGES.invalidLink]);
    expect(rowCounts().sessions).toBe(sessions);

    const done = await service.complete(own.result.handoff!, own.binding, from());
    expect(done.session.reply.email).toBe('handoff@example.com');
    const replay = await refusal(service.complete(own.result.handoff!, own.binding, from()));
    expect([replay.status, replay.message]).toEqual([400, MESSAGES.invalidLink]);

    const late = await signIn('generic', 'handoff', verified('handoff@example.com'));
    data.clock.advance(OIDC_HANDOFF_SECONDS * 1000);
    const expired = await refusal(service.complete(late.result.handoff!, late.binding, from()));
    expect([expired.status, expired.message]).toEqual([400, MESSAGES.invalidLink]);
  });

  it('counts the ones that fail from one address, not those that work: the 11th failure within the window is a 429', async () => {
    const { service, signIn } = setup();
    const address = from('192.0.2.77');
    const exchange = async () => {
      const own = await signIn('google', 'counted', verified('counted@example.com'));
      return service.complete(own.result.handoff!, own.binding, address);
    };
    const fail = (i: number) => refusal(service.complete(`unknown-${i}`, 'a-binding', address));
    for (let i = 0; i < 9; i++) expect((await fail(i)).status).toBe(400);
    expect((await exchange()).session.reply.email).toBe('counted@example.com');
    expect((await fail(9)).status).toBe(400);
    expect((await refusal(exchange())).status).toBe(429);
  });

  it('starts no session for a user disabled since the callback', async () => {
    const { data, service, signIn } = setup();
    const user = data.makeUser();
    const { result, binding } = await signIn('google', 'disabled-later', verified(user.email));
    data.tables.users.update(user.id, { status: 'disabled' });
    const refused = await refusal(service.complete(result.handoff!, binding, from()));
    expect([refused.status, refused.message]).toEqual([403, MESSAGES.accountDisabled]);
    expect(data.tables.sessions.rows()).toEqual([]);
  });
});

describe('maintenance', () => {
  it('refuses a new account and everyone but the root user, who gets in through an identity it linked itself', async () => {
    const { data, signIn, signedIn, sessionOf, link, rowCounts, maintenanceOn } = setup();
    const root = data.makeUser({ role: 'king' });
    const member = data.makeUser();
    const memberLinked = data.makeUser();
    await signedIn('generic', 'member-sso', verified(memberLinked.email));
    const rootSession = await sessionOf(root);
    const memberSession = await sessionOf(member);
    await maintenanceOn();
    const before = rowCounts();

    expect((await signIn('google', 'new', verified('new@example.com'))).result).toEqual({
      error: 'maintenance',
      provider: 'google',
    });
    expect((await signIn('google', 'member', verified(member.email))).result.error).toBe(
      'maintenance',
    );
    expect((await signIn('generic', 'member-sso', verified(memberLinked.email))).result.error).toBe(
      'maintenance',
    );
    expect(
      (await link(memberSession, 'microsoft', 'member-ms', verified(member.email))).error,
    ).toBe('maintenance');
    expect(rowCounts()).toEqual(before);

    expect((await signIn('generic', 'root-by-email', verified(root.email))).result.error).toBe(
      'staff_email',
    );
    expect(
      await link(rootSession, 'generic', 'root-at-acme', verified('root@corp.example')),
    ).toEqual({
      linked: 'generic',
    });
    const rootIn = await signedIn('generic', 'root-at-acme', verified('root@corp.example'));
    expect(rootIn.session.reply).toMatchObject({ id: root.id, role: 'king' });
  });
});

describe('linking a further provider from the profile', () => {
  it('needs the current password, then joins the identity to this user whatever its email, with no session', async () => {
    const { data, service, idp, sessionOf, signedIn, lastActivity } = setup();
    const user = data.makeUser();
    const caller = await sessionOf(user);
    const sessions = data.tables.sessions.rows().length;

    const wrong = await refusal(
      service.startLink(caller, { kind: 'google', password: 'not-the-password' }, from()),
    );
    expect([wrong.status, wrong.message]).toEqual([400, MESSAGES.wrongCurrentPassword]);
    expect(data.tables.flows.rows()).toEqual([]);

    const started = await service.startLink(
      caller,
      { kind: 'google', password: FAKE_PASSWORD },
      from(),
    );
    expect(new URL(started.location).origin).toBe(idp.google.issuer);
    expect(data.tables.flows.rows()).toEqual([
      expect.objectContaining({ linkUserId: user.id, mode: 'popup', next: null, remember: false }),
    ]);
    const search = idp.google.approve(started.location, 'linker', verified('personal@example.com'));
    const result = await service.callback(
      'google',
      search,
      started.browserBinding!,
      from('192.0.2.5'),
    );
    expect(result.handoff).toBe(false);
    expect(resultOf(result.location)).toEqual({ linked: 'google' });
    const [identity] = data.tables.identities.rows();
    expect(identity).toMatchObject({
      userId: user.id,
      kind: 'google',
      subject: 'linker',
      email: 'personal@example.com',
    });
    expect(lastActivity('identity.linked')).toMatchObject({
      actorId: user.id,
      companyId: user.companyId,
      entityId: identity!.id,
      summary: `${user.email} linked Google (personal@example.com) from their profile`,
      details: { provider: 'google', explicit: true },
      ip: '192.0.2.5',
    });
    expect(data.tables.sessions.rows()).toHaveLength(sessions);

    expect(
      (await signedIn('google', 'linker', verified('personal@example.com'))).session.reply.id,
    ).toBe(user.id);
  });

  it('links the same identity again without a change, and refuses one linked to another user or an unverified email', async () => {
    const { data, sessionOf, signedIn, link } = setup();
    const owner = data.makeUser();
    await signedIn('generic', 'owned', verified(owner.email));
    const user = data.makeUser();
    const caller = await sessionOf(user);

    expect(await link(caller, 'google', 'mine', verified('mine@example.com'))).toEqual({
      linked: 'google',
    });
    expect(await link(caller, 'google', 'mine', verified('mine@example.com'))).toEqual({
      linked: 'google',
    });
    expect(await link(caller, 'generic', 'owned', verified(owner.email))).toEqual({
      error: 'identity_taken',
      provider: 'generic',
    });
    expect((await link(caller, 'microsoft', 'eve', { email: 'eve@example.com' })).error).toBe(
      'unverified_email',
    );
    expect(data.tables.identities.rows().filter((row) => row.userId === user.id)).toHaveLength(1);
  });

  it("lets the root user link a provider whose email is not root's, and sign in with it", async () => {
    const { data, sessionOf, signedIn, link } = setup();
    const root = data.makeUser({ role: 'king' });
    expect(
      await link(await sessionOf(root), 'microsoft', 'root-sso', verified('root@corp.example')),
    ).toEqual({
      linked: 'microsoft',
    });
    const rootIn = await signedIn('microsoft', 'root-sso', verified('root@corp.example'));
    expect([rootIn.outcome, rootIn.session.reply.id]).toEqual(['signed_in', root.id]);
  });

  it('refuses an account without a password (409), a user who is gone (401), and one disabled before the callback', async () => {
    const { data, service, idp, sessionOf, signedIn } = setup();
    const created = await signedIn(
      'google',
      'provider-only',
      verified('provider-only@example.com'),
    );
    const noPassword = await refusal(
      service.startLink(created.session.caller, { kind: 'generic', password: 'anything' }, from()),
    );
    expect([noPassword.status, noPassword.message]).toEqual([409, MESSAGES.linkNeedsPassword]);

    const gone = data.makeUser();
    const goneCaller = await sessionOf(gone);
    data.tables.users.delete(gone.id);
    const refused = await refusal(
      service.startLink(goneCaller, { kind: 'generic', password: FAKE_PASSWORD }, from()),
    );
    expect([refused.status, refused.message]).toEqual([401, MESSAGES.sessionExpired]);

    const user = data.makeUser();
    const started = await service.startLink(
      await sessionOf(user),
      { kind: 'google', password: FAKE_PASSWORD },
      from(),
    );
    data.tables.users.update(user.id, { status: 'disabled' });
    const search = idp.google.approve(started.location, 'late', verified('late@example.com'));
    const result = await service.callback('google', search, started.browserBinding!, from());
    expect(resultOf(result.location).error).toBe('account_disabled');
    expect(data.tables.identities.rows().filter((row) => row.userId === user.id)).toEqual([]);
  });

  it("counts wrong passwords with the sign-in's for the email: the 11th within 15 minutes is a 429", async () => {
    const { data, service, sessionOf } = setup();
    const user = data.makeUser();
    const caller = await sessionOf(user);
    for (let i = 0; i < 10; i++) {
      const wrong = await refusal(
        service.startLink(caller, { kind: 'google', password: `guess-${i}` }, from()),
      );
      expect(wrong.status).toBe(400);
    }
    const locked = await refusal(
      service.startLink(caller, { kind: 'google', password: FAKE_PASSWORD }, from()),
    );
    expect([locked.status, locked.message]).toEqual([
      429,
      formatMessage(MESSAGES.tooManyAttempts, { minutes: 15 }),
    ]);
  });
});

describe('linked identities in the profile', () => {
  it('are listed with the name of their provider, or of its kind when it is no longer configured', async () => {
    const { data, service, sessionOf } = setup(['google']);
    const user = data.makeUser();
    for (const kind of ['microsoft', 'google'] as const) {
      data.tables.identities.insert({
        userId: user.id,
        kind,
        issuer: `https://${kind}.idp.test`,
        subject: 'ada',
        email: user.email,
        createdAt: kind === 'google' ? FAKE_NOW : new Date(FAKE_NOW.getTime() - MINUTE_MS),
        lastUsedAt: null,
      });
    }
    const listed = await service.listIdentities(await sessionOf(user));
    expect(
      listed.map(({ kind, provider_name, last_used_at }) => [kind, provider_name, last_used_at]),
    ).toEqual([
      ['microsoft', 'Microsoft', null],
      ['google', 'Google', null],
    ]);
  });

  it('are unlinked one by one, never the last way in, never another user’s', async () => {
    const { data, service, signedIn, sessionOf } = setup();
    const created = await signedIn('google', 'unlink', verified('unlink@example.com'));
    await signedIn('generic', 'unlink-sso', verified('unlink@example.com'));
    const [google, generic] = data.tables.identities.rows();
    const caller = created.session.caller;

    const foreign = await refusal(service.unlink(await sessionOf(data.makeUser()), google!.id));
    expect([foreign.status, foreign.message]).toEqual([404, MESSAGES.identityNotFound]);
    expect(await service.unlink(caller, google!.id)).toEqual({
      kind: 'google',
      email: 'unlink@example.com',
    });
    const last = await refusal(service.unlink(caller, generic!.id));
    expect([last.status, last.message]).toEqual([409, MESSAGES.lastSignInWay]);
    expect(data.tables.identities.rows()).toEqual([generic]);
    const again = await refusal(service.unlink(caller, google!.id));
    expect(again.status).toBe(404);
  });

  it('may all go when the user has a password', async () => {
    const { data, service, signedIn, sessionOf } = setup();
    const user = data.makeUser();
    await signedIn('microsoft', 'only', verified(user.email));
    const [identity] = data.tables.identities.rows();
    await service.unlink(await sessionOf(user), identity!.id);
    expect(data.tables.identities.rows()).toEqual([]);
  });

  it('cannot both go when two unlinks of the last two ways in run at once', async () => {
    const { data, service, signedIn } = setup();
    const created = await signedIn('google', 'both', verified('both@example.com'));
    await signedIn('generic', 'both-sso', verified('both@example.com'));
    const [google, generic] = data.tables.identities.rows();
    const caller = created.session.caller;

    const held = holdNextCall(data.identities, 'countIdentities');
    const first = track(service.unlink(caller, google!.id));
    await held.reached;
    const second = track(service.unlink(caller, generic!.id));
    await settle();
    expect(second.settled).toBe(false);
    held.release();
    expect(await first.promise).toMatchObject({ kind: 'google' });
    const refused = await refusal(second.promise);
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.lastSignInWay]);
    expect(data.tables.identities.rows()).toEqual([generic]);
  });
});
