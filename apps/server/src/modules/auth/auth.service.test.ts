import {
  formatMessage,
  MESSAGES,
  REMEMBERED_SESSION_DAYS,
  SESSION_HOURS,
  type Language,
} from '@plotline/core';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Origin } from '../../access/caller.ts';
import { FAKE_NOW, fakeCaller } from '../../test/fakes/fake-data.ts';
import { createFakeMaintenanceSettings } from '../../test/fakes/fake-maintenance.ts';
import { createFakeUserData, FAKE_PASSWORD } from '../../test/fakes/fake-users.ts';
import { refusal } from '../../test/fakes/interceptors.ts';
import { createMaintenanceService } from '../maintenance/maintenance.service.ts';
import { createAuthService } from './auth.service.ts';
import { createSessionTokens } from './session-token.ts';

/**
 * Signing in with a password, the session it opens, and the token that stands for it: the rules
 * of who gets one, for how long, how failures are counted, and what ends it.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

function setup() {
  const data = createFakeUserData();
  const settings = createFakeMaintenanceSettings();
  const maintenance = createMaintenanceService({ settings, forced: false, clock: data.clock });
  const tokens = createSessionTokens('a-signing-secret-for-the-small-tests');
  const auth = createAuthService({
    auth: data.sessions,
    users: data.users,
    rateLimits: data.rateLimits,
    hasher: data.hasher,
    tokens,
    clock: data.clock,
    mayStartSession: (user) => maintenance.assertMayStartSession(user),
  });
  /** Switched in this process, so seen at once whatever it read before. */
  const maintenanceOn = () =>
    maintenance.update(fakeCaller(null, 'king'), { on: true, message: '' });
  return { data, auth, tokens, maintenanceOn };
}

let addresses = 0;
/** Each sign-in from an address of its own unless told, so the per-address limit stays apart. */
const from = (ip = `203.0.113.${++addresses}`, language: Language | null = null): Origin => ({
  ip,
  userAgent: 'Vitest',
  language,
});

const withPassword = (email: string, password = FAKE_PASSWORD, remember = false) => ({
  email,
  password,
  remember,
});

describe('signing in with a password', () => {
  it('opens a 12-hour session and answers the session user with its token, and the caller', async () => {
    const { data, auth } = setup();
    const user = data.makeUser({ role: 'contributor', companyType: 'individual', name: 'Ada' });
    const { reply, caller } = await auth.login(withPassword(user.email), from('198.51.100.7'));

    expect(reply).toEqual({
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
    const [session] = data.tables.sessions.rows();
    expect(session).toMatchObject({
      userId: user.id,
      createdAt: FAKE_NOW,
      expiresAt: new Date(FAKE_NOW.getTime() + SESSION_HOURS * HOUR_MS),
      revokedAt: null,
      ip: '198.51.100.7',
      userAgent: 'Vitest',
    });
    expect(caller).toEqual({
      userId: user.id,
      sessionId: session!.sessionId,
      companyId: user.companyId,
      role: 'contributor',
      companyType: 'individual',
    });
    expect(decodeJwt(reply.token).exp).toBe(session!.expiresAt.getTime() / 1000);
    expect(await auth.authenticate(reply.token)).toEqual(caller);
  });

  it('lasts 30 days when remembered: past 12 hours only that session holds', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const short = (await auth.login(withPassword(user.email), from())).reply.token;
    const long = (await auth.login(withPassword(user.email, FAKE_PASSWORD, true), from())).reply
      .token;
    expect(decodeJwt(long).exp).toBe(
      (FAKE_NOW.getTime() + REMEMBERED_SESSION_DAYS * 24 * HOUR_MS) / 1000,
    );

    data.clock.advance(SESSION_HOURS * HOUR_MS + 1_000);
    expect(await auth.authenticate(short)).toBeNull();
    expect(await auth.authenticate(long)).toMatchObject({ userId: user.id });
  });

  it('records when, and the language the client prefers, without counting it an edit of the account', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    data.clock.advance(MINUTE_MS);
    await auth.login(withPassword(user.email), from(undefined, 'de'));
    expect(data.tables.users.find(user.id)).toMatchObject({
      lastLoginAt: data.clock.now(),
      language: 'de',
      updatedAt: null,
    });
    await auth.login(withPassword(user.email), from());
    expect(data.tables.users.find(user.id)!.language).toBe('de');
  });

  it('ignores the case of the email', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const { reply } = await auth.login(withPassword(user.email.toUpperCase()), from());
    expect(reply.id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown email alike: 401, one message, a password checked each time', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const wrongPassword = await refusal(auth.login(withPassword(user.email, 'not-it'), from()));
    expect(data.hasher.verifications).toBe(1);
    const unknownEmail = await refusal(auth.login(withPassword('nobody@example.com'), from()));
    // The unknown email is checked against a decoy, so its answer takes as long.
    expect(data.hasher.verifications).toBe(2);
    for (const refused of [wrongPassword, unknownEmail]) {
      expect([refused.status, refused.message]).toEqual([401, MESSAGES.wrongCredentials]);
    }
    expect(data.tables.sessions.rows()).toEqual([]);
    expect(data.tables.users.find(user.id)!.lastLoginAt).toBeNull();
  });

  it('refuses an invited user who has no password yet, whatever is typed', async () => {
    const { data, auth } = setup();
    const invited = data.makeUser({ status: 'invited', password: null });
    const refused = await refusal(
      auth.login(withPassword(invited.email, 'anything-at-all'), from()),
    );
    expect([refused.status, refused.message]).toEqual([401, MESSAGES.wrongCredentials]);
    expect(data.tables.sessions.rows()).toEqual([]);
  });

  it('refuses a disabled user, and a user of a disabled company, with 403 once the password is right', async () => {
    const { data, auth } = setup();
    const disabled = data.makeUser({ status: 'disabled' });
    const company = data.makeCompany({ status: 'disabled' });
    const member = data.makeUser({ companyId: company.id });

    const user = await refusal(auth.login(withPassword(disabled.email), from()));
    expect([user.status, user.message]).toEqual([403, MESSAGES.accountDisabled]);
    const ofCompany = await refusal(auth.login(withPassword(member.email), from()));
    expect([ofCompany.status, ofCompany.message]).toEqual([403, MESSAGES.companyDisabled]);
    // A wrong password tells nothing of the account.
    const guess = await refusal(auth.login(withPassword(disabled.email, 'a-guess'), from()));
    expect(guess.status).toBe(401);
    expect(data.tables.sessions.rows()).toEqual([]);
  });
});

describe('failed sign-ins', () => {
  it('lock an email, however it is typed, after 10 within the window, even with the right password, until the window ends', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const typed = attempt % 2 ? user.email.toUpperCase() : user.email;
      expect((await refusal(auth.login(withPassword(typed, 'wrong'), from()))).status).toBe(401);
      data.clock.advance(10_000);
    }
    const locked = await refusal(auth.login(withPassword(user.email), from()));
    expect([locked.status, locked.message, locked.retryAfterSeconds]).toEqual([
      429,
      formatMessage(MESSAGES.tooManyAttempts, { minutes: 14 }),
      15 * 60 - 100,
    ]);

    // The window ends 15 minutes after the first failure.
    data.clock.advance(15 * MINUTE_MS - 101_000);
    expect((await refusal(auth.login(withPassword(user.email), from()))).status).toBe(429);
    data.clock.advance(1_000);
    expect((await auth.login(withPassword(user.email), from())).reply.id).toBe(user.id);
  });

  it('lock an address after 10 whatever emails it tries; the account from elsewhere is not locked', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const address = from('192.0.2.10');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const guess = withPassword(`guess${attempt}@example.com`, 'x');
      expect((await refusal(auth.login(guess, address))).status).toBe(401);
    }
    expect((await refusal(auth.login(withPassword(user.email), address))).status).toBe(429);
    expect((await auth.login(withPassword(user.email), from())).reply.id).toBe(user.id);
  });

  it('do not include the sign-ins that succeed', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const address = from('192.0.2.20');
    for (let attempt = 1; attempt <= 12; attempt++) {
      expect((await auth.login(withPassword(user.email), address)).reply.id).toBe(user.id);
    }
  });
});

describe('signing in during maintenance', () => {
  it('opens a session for the root user alone, and refuses the others only once their password is right', async () => {
    const { data, auth, maintenanceOn } = setup();
    const root = data.makeUser({ role: 'king' });
    const user = data.makeUser({ role: 'administrator' });
    await maintenanceOn();

    expect((await auth.login(withPassword(root.email), from())).caller.role).toBe('king');
    const refused = await refusal(auth.login(withPassword(user.email), from()));
    expect([refused.status, refused.message]).toEqual([503, MESSAGES.underMaintenance]);
    expect(data.tables.sessions.rows().map((session) => session.userId)).toEqual([root.id]);
    expect(data.tables.users.find(user.id)!.lastLoginAt).toBeNull();

    // A wrong password, or an unknown address, is the usual 401 whoever it is: nothing tells the
    // root user's address from another.
    for (const email of [root.email, user.email, 'nobody@example.com']) {
      const wrong = await refusal(auth.login(withPassword(email, 'not the password'), from()));
      expect([email, wrong.status, wrong.message]).toEqual([email, 401, MESSAGES.wrongCredentials]);
    }
  });
});

describe('a session token', () => {
  it('names no one when it is forged, signed with another secret, or claims another user', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const { reply, caller } = await auth.login(withPassword(user.email), from());
    const expiresAt = new Date(FAKE_NOW.getTime() + HOUR_MS);
    const otherSecret = createSessionTokens('another-secret-that-signs-nothing-here');
    const someoneElse = data.makeUser();
    const { tokens } = setup();

    expect(await auth.authenticate('nope')).toBeNull();
    expect(await auth.authenticate(`${reply.token}x`)).toBeNull();
    expect(await auth.authenticate(await otherSecret.sign(caller, FAKE_NOW, expiresAt))).toBeNull();
    expect(
      await auth.authenticate(
        await tokens.sign(
          { userId: someoneElse.id, sessionId: caller.sessionId },
          FAKE_NOW,
          expiresAt,
        ),
      ),
    ).toBeNull();
  });

  it('names no one once its user, or its user’s company, is disabled', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const colleague = data.makeUser();
    const userToken = (await auth.login(withPassword(user.email), from())).reply.token;
    const colleagueToken = (await auth.login(withPassword(colleague.email), from())).reply.token;

    data.tables.users.update(user.id, { status: 'disabled' });
    expect(await auth.authenticate(userToken)).toBeNull();
    expect(await auth.authenticate(colleagueToken)).not.toBeNull();
    data.tables.companies.update(colleague.companyId!, { status: 'disabled' });
    expect(await auth.authenticate(colleagueToken)).toBeNull();
  });

  it('names its staff holder, who has no company', async () => {
    const { data, auth } = setup();
    const staff = data.makeUser({ role: 'internal' });
    const { reply } = await auth.login(withPassword(staff.email), from());
    expect(await auth.authenticate(reply.token)).toMatchObject({
      userId: staff.id,
      companyId: null,
      role: 'internal',
      companyType: null,
    });
  });

  it('is revoked by signing out with it, and no other session of the user', async () => {
    const { data, auth } = setup();
    const user = data.makeUser();
    const first = await auth.login(withPassword(user.email), from());
    const second = await auth.login(withPassword(user.email), from());
    data.clock.advance(MINUTE_MS);

    await auth.logout(first.caller);
    expect(await auth.authenticate(first.reply.token)).toBeNull();
    expect(await auth.authenticate(second.reply.token)).toEqual(second.caller);
    expect(
      data.tables.sessions.rows().map(({ sessionId, revokedAt }) => ({ sessionId, revokedAt })),
    ).toEqual([
      { sessionId: first.caller.sessionId, revokedAt: data.clock.now() },
      { sessionId: second.caller.sessionId, revokedAt: null },
    ]);
  });
});
