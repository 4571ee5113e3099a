import { MESSAGES, type Language } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import type { AuthContext, Origin } from '../../access/caller.ts';
import { createFakeBlobStore } from '../../test/fakes/fake-blob-store.ts';
import { FAKE_NOW } from '../../test/fakes/fake-data.ts';
import {
  createFakeUserData,
  FAKE_PASSWORD,
  type FakeUserRow,
} from '../../test/fakes/fake-users.ts';
import { failCall, refusal } from '../../test/fakes/interceptors.ts';
import { accountMail } from '../account-links/account-mails.ts';
import type { TokenKind } from '../account-links/tokens.repository.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { createSessionTokens } from '../auth/session-token.ts';
import { createAccountsService, ROOT_USER_NAME } from './accounts.service.ts';

/**
 * What a user does to their own account: the root user on an empty database, invitation and reset
 * links, sign-up, passwords, names, the welcome guide and the avatar; and that a call naming
 * another user's account changes nothing.
 */

const HOUR_MS = 3_600_000;

function setup() {
  const data = createFakeUserData();
  const auth = createAuthService({
    auth: data.sessions,
    users: data.users,
    rateLimits: data.rateLimits,
    hasher: data.hasher,
    tokens: createSessionTokens('a-signing-secret-for-the-small-tests'),
    clock: data.clock,
  });
  const blobs = createFakeBlobStore();
  const accounts = createAccountsService({
    users: data.users,
    companies: data.companies,
    sessions: data.sessions,
    activity: data.activity,
    auth,
    rateLimits: data.rateLimits,
    links: data.links,
    blobs,
    hasher: data.hasher,
    clock: data.clock,
    transaction: data.transaction,
  });

  /** A session of the user, as sign-in or an invitation link opens one. */
  const sessionOf = async (user: FakeUserRow): Promise<AuthContext> => {
    const record = (await data.users.findUserById(user.id))!;
    return (await auth.startSession(record, from(), false)).caller;
  };

  /** The token of a new link of that kind for the user, as the mail carries it. */
  const mailedToken = async (kind: TokenKind, user: FakeUserRow): Promise<string> => {
    const mail = await data.transaction((tx) => data.links.prepare(kind, user, 'en', 'Acme', tx));
    return tokenOf(mail.link!);
  };

  const openSessions = (userId: number) =>
    data.tables.sessions
      .rows()
      .filter((session) => session.userId === userId && session.revokedAt === null)
      .map((session) => session.sessionId);

  return { data, accounts, blobs, sessionOf, mailedToken, openSessions };
}

let addresses = 0;
const from = (ip = `203.0.113.${++addresses}`, language: Language | null = null): Origin => ({
  ip,
  userAgent: 'Vitest',
  language,
});

/** The token a mailed link carries (`?invite=` or `?t=`). */
const tokenOf = (link: string) => {
  const query = new URL(link).searchParams;
  return query.get('invite') ?? query.get('t')!;
};

describe('the session user', () => {
  it("answers the caller's own user in the sign-in shape, with the kinds of provider linked", async () => {
    const { data, accounts, sessionOf } = setup();
    const user = data.makeUser({ role: 'analyst', name: 'Grace', guideDoneAt: FAKE_NOW });
    for (const kind of ['microsoft', 'google', 'microsoft'] as const) {
      data.tables.identities.insert({
        userId: user.id,
        kind,
        issuer: `https://${kind}.idp.test/${data.tables.identities.rows().length}`,
        subject: 'grace',
        email: user.email,
        createdAt: FAKE_NOW,
        lastUsedAt: null,
      });
    }
    expect(await accounts.getSessionUser(await sessionOf(user))).toEqual({
      id: user.id,
      name: 'Grace',
      email: user.email,
      role: 'analyst',
      company_type: 'company',
      avatar: null,
      password: true,
      identity_providers: ['google', 'microsoft'],
      guide_done: true,
    });
  });

  it('is a 401 once the user is gone', async () => {
    const { data, accounts, sessionOf } = setup();
    const user = data.makeUser();
    const caller = await sessionOf(user);
    data.tables.users.delete(user.id);
    const refused = await refusal(accounts.getSessionUser(caller));
    expect([refused.status, refused.message]).toEqual([401, MESSAGES.sessionExpired]);
  });
});

describe('the root user', () => {
  it('is made on an empty database with the configured password, as king of no company, and logged', async () => {
    const { data, accounts } = setup();
    const root = await accounts.ensureRootUser({
      email: 'Root@Example.com',
      password: 'configured-password',
    });
    expect(root).toEqual({ password: 'configured-password', generated: false });
    expect(data.tables.users.rows()).toEqual([
      expect.objectContaining({
        email: 'root@example.com',
        name: ROOT_USER_NAME,
        role: 'king',
        companyId: null,
        status: 'active',
        passwordHash: await data.hasher.hash('configured-password'),
      }),
    ]);
    expect(data.tables.activity.rows()).toEqual([
      expect.objectContaining({
        actorId: null,
        companyId: null,
        action: 'user.root_created',
        entityType: 'user',
        summary: 'Created the root user Root@Example.com',
        at: FAKE_NOW,
      }),
    ]);
  });

  it('gets a generated password when none is configured, and is made only once', async () => {
    const { data, accounts } = setup();
    const root = await accounts.ensureRootUser({
      email: 'admin@plotline.local',
      password: undefined,
    });
    expect(root?.generated).toBe(true);
    expect(root!.password).toMatch(/^[\w-]{16,}$/);
    expect(data.tables.users.rows()[0]!.passwordHash).toBe(await data.hasher.hash(root!.password));

    const again = await accounts.ensureRootUser({
      email: 'admin@plotline.local',
      password: undefined,
    });
    expect(again).toBeNull();
    expect(data.tables.users.rows()).toHaveLength(1);
    expect(data.tables.activity.rows()).toHaveLength(1);
  });

  it('is not made while any user exists', async () => {
    const { data, accounts } = setup();
    data.makeUser();
    expect(
      await accounts.ensureRootUser({ email: 'root@example.com', password: 'long-enough' }),
    ).toBeNull();
    expect(data.tables.users.rows().map((user) => user.role)).toEqual(['administrator']);
    expect(data.tables.activity.rows()).toEqual([]);
  });
});

describe('an invitation link', () => {
  it('signs the invitee in once, who has no password yet and stays invited until they set one', async () => {
    const { data, accounts, mailedToken } = setup();
    const invitee = data.makeUser({
      status: 'invited',
      password: null,
      role: 'superadmin',
      name: null,
    });
    const t = await mailedToken('invite', invitee);

    const { reply, caller } = await accounts.acceptInvite(t, from());
    expect(reply).toMatchObject({
      id: invitee.id,
      password: false,
      name: null,
      role: 'superadmin',
    });
    expect(caller.userId).toBe(invitee.id);
    expect(data.tables.sessions.rows().map((session) => session.userId)).toEqual([invitee.id]);
    expect(data.tables.users.find(invitee.id)!.status).toBe('invited');

    const reused = await refusal(accounts.acceptInvite(t, from()));
    expect([reused.status, reused.message]).toEqual([400, MESSAGES.invalidLink]);
    expect(data.tables.sessions.rows()).toHaveLength(1);
  });

  it('refuses a forged link, an expired one (after 7 days), a reset link, and a user no longer invited', async () => {
    const { data, accounts, mailedToken } = setup();
    const invitee = data.makeUser({ status: 'invited', password: null });
    const forged = `${await mailedToken('invite', invitee)}x`;
    const late = data.makeUser({ status: 'invited', password: null });
    const lateToken = await mailedToken('invite', late);
    data.clock.advance(7 * 24 * HOUR_MS - 1);
    const stillValid = await mailedToken('invite', invitee);
    data.clock.advance(1);
    const reset = await mailedToken('reset', data.makeUser({ status: 'invited', password: null }));
    const active = await mailedToken('invite', data.makeUser());

    for (const token of [forged, lateToken, reset, active]) {
      const refused = await refusal(accounts.acceptInvite(token, from()));
      expect([refused.status, refused.message]).toEqual([400, MESSAGES.invalidLink]);
    }
    expect(data.tables.sessions.rows()).toEqual([]);
    expect((await accounts.acceptInvite(stillValid, from())).caller.userId).toBe(invitee.id);
  });

  it("refuses a disabled company's invitee with 403", async () => {
    const { data, accounts, mailedToken } = setup();
    const company = data.makeCompany({ status: 'disabled' });
    const invitee = data.makeUser({ status: 'invited', password: null, companyId: company.id });
    const refused = await refusal(
      accounts.acceptInvite(await mailedToken('invite', invitee), from()),
    );
    expect([refused.status, refused.message]).toEqual([403, MESSAGES.companyDisabled]);
    expect(data.tables.sessions.rows()).toEqual([]);
  });

  it('counts the links that fail from one address: the 11th call within the window is a 429, a working link included', async () => {
    const { data, accounts, mailedToken } = setup();
    const address = from('192.0.2.30');
    const invitee = data.makeUser({ status: 'invited', password: null });
    const working = await mailedToken('invite', invitee);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await refusal(accounts.acceptInvite(`unknown-${attempt}`, address))).status).toBe(
        400,
      );
    }
    expect((await refusal(accounts.acceptInvite(working, address))).status).toBe(429);
    expect((await accounts.acceptInvite(working, from())).caller.userId).toBe(invitee.id);
  });
});

describe('sign-up', () => {
  it('makes an individual account named after its user, its superadmin, signed in at once', async () => {
    const { data, accounts } = setup();
    const { reply, caller } = await accounts.register(
      { username: 'Maya Cruz', email: 'maya@example.com', password: 'maya-password' },
      from(undefined, 'es'),
    );
    expect(reply).toMatchObject({
      name: 'Maya Cruz',
      email: 'maya@example.com',
      role: 'superadmin',
      company_type: 'individual',
      password: true,
    });
    const user = data.tables.users.find(reply.id)!;
    expect(user).toMatchObject({
      passwordHash: await data.hasher.hash('maya-password'),
      language: 'es',
      status: 'active',
    });
    expect(data.tables.companies.find(user.companyId!)).toMatchObject({
      name: 'Maya Cruz',
      type: 'individual',
      status: 'active',
    });
    expect(caller).toMatchObject({
      userId: user.id,
      companyId: user.companyId,
      role: 'superadmin',
    });
  });

  it('refuses a taken email, however typed, with 409 and leaves no company behind', async () => {
    const { data, accounts } = setup();
    const taken = data.makeUser({ email: 'taken@example.com' });
    const refused = await refusal(
      accounts.register(
        { username: 'Second', email: 'TAKEN@example.com', password: 'long-enough' },
        from(),
      ),
    );
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.emailTaken]);
    expect(data.tables.companies.rows().map((company) => company.id)).toEqual([taken.companyId]);
    expect(data.tables.sessions.rows()).toEqual([]);
  });
});

describe('the first password of an invited account', () => {
  it('is set, and the account becomes active', async () => {
    const { data, accounts, sessionOf } = setup();
    const invitee = data.makeUser({ status: 'invited', password: null });
    const caller = await sessionOf(invitee);
    const reply = await accounts.setFirstPassword(caller, 'first-password', invitee.id);
    expect(reply).toMatchObject({ id: invitee.id, password: true });
    expect(data.tables.users.find(invitee.id)).toMatchObject({
      passwordHash: await data.hasher.hash('first-password'),
      status: 'active',
    });
  });

  it('is a 409 once there is one, and the password stays', async () => {
    const { data, accounts, sessionOf } = setup();
    const user = data.makeUser();
    const refused = await refusal(
      accounts.setFirstPassword(await sessionOf(user), 'second-password'),
    );
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.passwordAlreadySet]);
    expect(data.tables.users.find(user.id)!.passwordHash).toBe(user.passwordHash);
  });
});

describe("calls naming another user's account (user_id)", () => {
  it('are refused with 403 before any other rule, and change nothing of either account', async () => {
    const { data, accounts, sessionOf } = setup();
    const user = data.makeUser({ role: 'superadmin', name: 'Ada' });
    const other = data.makeUser({ status: 'invited', password: null, name: 'Bob' });
    const caller = await sessionOf(user);
    const before = data.tables.users.rows();
    const companiesBefore = data.tables.companies.rows();

    const calls = [
      accounts.setFirstPassword(caller, 'first-password', other.id),
      accounts.changePassword(caller, FAKE_PASSWORD, 'a-new-password', other.id),
      accounts.updateName(caller, 'Mallory', other.id),
      accounts.updateCompanyName(caller, 'Mallory Ltd', other.id),
    ];
    for (const call of calls) {
      const refused = await refusal(call);
      expect([refused.status, refused.message]).toEqual([403, MESSAGES.notYourAccount]);
    }
    expect(data.tables.users.rows()).toEqual(before);
    expect(data.tables.companies.rows()).toEqual(companiesBefore);
  });

  it("pass on to the call's own rules when they name the caller", async () => {
    const { data, accounts, sessionOf } = setup();
    const user = data.makeUser({ role: 'superadmin' });
    const caller = await sessionOf(user);
    expect((await accounts.updateName(caller, 'Ada L.', user.id)).name).toBe('Ada L.');
    await accounts.changePassword(caller, FAKE_PASSWORD, 'a-new-password', user.id);
    expect(data.tables.users.find(user.id)!.passwordHash).toBe(
      await data.hasher.hash('a-new-password'),
    );
  });
});

describe('a forgotten password', () => {
  it('mails a reset link to a known address, in the language asked for, else the user’s, else English', async () => {
    const { data, accounts } = setup();
    const german = data.makeUser({ language: 'de' });
    const plain = data.makeUser();
    await accounts.forgotPassword(german.email, null);
    await accounts.forgotPassword(plain.email, 'es');
    await accounts.forgotPassword(plain.email.toUpperCase(), null);

    const subject = (language: Language) =>
      accountMail('reset', language, 'x', { link: '', company: '', hours: 1 }).subject;
    expect(data.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [german.email, subject('de')],
      [plain.email, subject('es')],
      [plain.email, subject('en')],
    ]);
    expect(data.mails[0]!.link).toMatch(/^https:\/\/studio\.test\/renew-password\?t=[\w-]{43}$/);
  });

  it('mails nothing for an unknown address, a disabled user or one without a password', async () => {
    const { data, accounts } = setup();
    const disabled = data.makeUser({ status: 'disabled' });
    const invited = data.makeUser({ status: 'invited', password: null });
    for (const email of ['stranger@example.com', disabled.email, invited.email]) {
      await expect(accounts.forgotPassword(email, null)).resolves.toBeUndefined();
    }
    expect(data.mails).toEqual([]);
    expect(data.tables.tokens.rows()).toEqual([]);
  });

  it('retires the older link when a new one is mailed', async () => {
    const { data, accounts } = setup();
    const user = data.makeUser();
    await accounts.forgotPassword(user.email, null);
    await accounts.forgotPassword(user.email, null);
    const [older, newer] = data.mails.map((mail) => tokenOf(mail.link!));
    const refused = await refusal(accounts.renewPassword(older!, 'renewed-password', '192.0.2.1'));
    expect(refused.status).toBe(400);
    expect((await accounts.renewPassword(newer!, 'renewed-password', '192.0.2.1')).id).toBe(
      user.id,
    );
  });
});

describe('renewing a password through a reset link', () => {
  it('sets it and ends every session of the user, once', async () => {
    const { data, accounts, sessionOf, mailedToken, openSessions } = setup();
    const user = data.makeUser();
    await sessionOf(user);
    await sessionOf(user);
    const t = await mailedToken('reset', user);

    const renewed = await accounts.renewPassword(t, 'renewed-password', '192.0.2.2');
    expect(renewed).toMatchObject({ id: user.id, companyId: user.companyId, role: user.role });
    expect(data.tables.users.find(user.id)!.passwordHash).toBe(
      await data.hasher.hash('renewed-password'),
    );
    expect(openSessions(user.id)).toEqual([]);

    const reused = await refusal(accounts.renewPassword(t, 'another-password', '192.0.2.2'));
    expect([reused.status, reused.message]).toEqual([400, MESSAGES.invalidLink]);
    expect(data.tables.users.find(user.id)!.passwordHash).toBe(
      await data.hasher.hash('renewed-password'),
    );
  });

  it('refuses a link an hour old, or an invitation’s, and changes nothing', async () => {
    const { data, accounts, sessionOf, mailedToken, openSessions } = setup();
    const user = data.makeUser();
    const session = await sessionOf(user);
    const late = await mailedToken('reset', user);
    data.clock.advance(HOUR_MS);
    const invite = await mailedToken('invite', user);
    for (const token of [late, invite]) {
      const refused = await refusal(
        accounts.renewPassword(token, 'too-late-password', '192.0.2.3'),
      );
      expect([refused.status, refused.message]).toEqual([400, MESSAGES.invalidLink]);
    }
    expect(data.tables.users.find(user.id)!.passwordHash).toBe(user.passwordHash);
    expect(openSessions(user.id)).toEqual([session.sessionId]);
  });

  it('counts the links that fail from one address, not those that work', async () => {
    const { data, accounts, mailedToken } = setup();
    const user = data.makeUser();
    for (let attempt = 1; attempt <= 9; attempt++) {
      await refusal(accounts.renewPassword(`unknown-${attempt}`, 'password-x', '192.0.2.4'));
    }
    for (let attempt = 1; attempt <= 3; attempt++) {
      const t = await mailedToken('reset', user);
      await accounts.renewPassword(t, `password-${attempt}`, '192.0.2.4');
    }
    await refusal(accounts.renewPassword('unknown-10', 'password-x', '192.0.2.4'));
    const t = await mailedToken('reset', user);
    const refused = await refusal(accounts.renewPassword(t, 'password-y', '192.0.2.4'));
    expect(refused.status).toBe(429);
  });
});

describe('changing the password of the signed-in user', () => {
  it('takes the current one, and ends the other sessions, not this one', async () => {
    const { data, accounts, sessionOf, openSessions } = setup();
    const user = data.makeUser();
    await sessionOf(user);
    const current = await sessionOf(user);
    await accounts.changePassword(current, FAKE_PASSWORD, 'a-brand-new-password');
    expect(data.tables.users.find(user.id)!.passwordHash).toBe(
      await data.hasher.hash('a-brand-new-password'),
    );
    expect(openSessions(user.id)).toEqual([current.sessionId]);
  });

  it('refuses a wrong current password, or an account without one, with 400, and changes nothing', async () => {
    const { data, accounts, sessionOf, openSessions } = setup();
    const user = data.makeUser();
    await sessionOf(user);
    const current = await sessionOf(user);
    const invited = data.makeUser({ status: 'invited', password: null });

    const wrong = await refusal(accounts.changePassword(current, 'not-it', 'brand-new-password'));
    const none = await refusal(
      accounts.changePassword(await sessionOf(invited), '', 'brand-new-password'),
    );
    for (const refused of [wrong, none]) {
      expect([refused.status, refused.message]).toEqual([400, MESSAGES.wrongCurrentPassword]);
    }
    expect(data.tables.users.find(user.id)!.passwordHash).toBe(user.passwordHash);
    expect(data.tables.users.find(invited.id)!.passwordHash).toBeNull();
    expect(openSessions(user.id)).toHaveLength(2);
  });
});

describe('the welcome guide', () => {
  it('is done from the first time on, which is no edit of the account', async () => {
    const { data, accounts, sessionOf } = setup();
    const user = data.makeUser();
    const other = data.makeUser();
    const caller = await sessionOf(user);
    expect((await accounts.markGuideDone(caller)).guide_done).toBe(true);
    data.clock.advance(HOUR_MS);
    expect((await accounts.markGuideDone(caller)).guide_done).toBe(true);
    expect(data.tables.users.find(user.id)).toMatchObject({
      guideDoneAt: FAKE_NOW,
      updatedAt: null,
    });
    expect(data.tables.users.find(other.id)!.guideDoneAt).toBeNull();
  });
});

describe('the name', () => {
  it("is the user's own to set", async () => {
    const { data, accounts, sessionOf } = setup();
    const user = data.makeUser({ name: 'Old Name' });
    const reply = await accounts.updateName(await sessionOf(user), 'New Name');
    expect(reply.name).toBe('New Name');
    expect(data.tables.users.find(user.id)).toMatchObject({
      name: 'New Name',
      updatedAt: FAKE_NOW,
    });
  });

  it("of a company account's superadmin names the company and themselves", async () => {
    const { data, accounts, sessionOf } = setup();
    for (const companyType of ['company', 'platform'] as const) {
      const user = data.makeUser({ role: 'superadmin', companyType });
      const reply = await accounts.updateCompanyName(await sessionOf(user), `${companyType} Ltd`);
      expect(reply.name).toBe(`${companyType} Ltd`);
      expect(data.tables.companies.find(user.companyId!)).toMatchObject({
        name: `${companyType} Ltd`,
        updatedAt: FAKE_NOW,
      });
    }
  });

  it('of a company is refused (403) to an individual, to other roles and to staff, and stays', async () => {
    const { data, accounts, sessionOf } = setup();
    const refusedUsers = [
      data.makeUser({ role: 'superadmin', companyType: 'individual' }),
      data.makeUser({ role: 'administrator' }),
      data.makeUser({ role: 'contributor' }),
      data.makeUser({ role: 'internal' }),
    ];
    const before = data.tables.companies.rows();
    for (const user of refusedUsers) {
      const refused = await refusal(accounts.updateCompanyName(await sessionOf(user), 'Not Mine'));
      expect([user.role, refused.status, refused.message]).toEqual([
        user.role,
        403,
        MESSAGES.forbidden,
      ]);
      expect(data.tables.users.find(user.id)!.name).toBe(user.name);
    }
    expect(data.tables.companies.rows()).toEqual(before);
  });
});

describe('the avatar', () => {
  it('is stored under a fresh key of the user with the extension of its type, and replaces the previous one', async () => {
    const { data, accounts, blobs, sessionOf } = setup();
    const user = data.makeUser();
    const caller = await sessionOf(user);
    const png = await accounts.setAvatar(caller, { data: Buffer.from('png'), type: 'image/png' });
    const key = png.avatar!.replace('/api/media/', '');
    expect(key).toMatch(new RegExp(`^avatars/${user.id}-[0-9a-f]{16}\\.png$`));
    expect(await blobs.get(key)).toEqual(Buffer.from('png'));

    const jpeg = await accounts.setAvatar(caller, { data: Buffer.from('jpg'), type: 'image/jpeg' });
    expect(jpeg.avatar).toMatch(/\.jpg$/);
    expect(blobs.keys()).toEqual([jpeg.avatar!.replace('/api/media/', '')]);
    expect(data.tables.users.find(user.id)!.avatar).toBe(jpeg.avatar);
  });

  it('is changed even when the previous image cannot be deleted', async () => {
    const { data, accounts, blobs, sessionOf } = setup();
    const user = data.makeUser();
    const caller = await sessionOf(user);
    await accounts.setAvatar(caller, { data: Buffer.from('gif'), type: 'image/gif' });
    failCall(blobs, 'delete', 1, new Error('the store is unreachable'));
    const webp = await accounts.setAvatar(caller, {
      data: Buffer.from('webp'),
      type: 'image/webp',
    });
    expect(webp.avatar).toMatch(/\.webp$/);
    expect(data.tables.users.find(user.id)!.avatar).toBe(webp.avatar);
  });
});
