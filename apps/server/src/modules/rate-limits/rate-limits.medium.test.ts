import { lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema/index.ts';
import { connectAgain } from '../../test/test-database.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { RATE_LIMITS } from './rate-limit-rules.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const INVITE = '/api/v1.6/auth/invite';
const RENEW = '/api/user/renew_password';
const LOGIN = '/api/v1.6/auth/login';
const REGISTER = '/api/user/register';
const FORGOT = '/api/user/forgot_password';
const REFUSED = { message: 'Too many requests. Please try again in 15 minutes.' };

let server: TestServer;
let lastAddress = 0;
/** Each test speaks from addresses of its own, so no test spends another's limit. */
const freshAddress = () => `198.51.100.${++lastAddress}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A superadmin's way of inviting colleagues into their company: answers each mail's token. */
async function inviter(on: TestServer = server) {
  const token = await on.signIn(await on.makeUser({ role: 'superadmin' }));
  return async (email: string) => {
    const invited = await on.request('POST', '/api/user/invite', {
      token,
      body: { email, role: 'contributor' },
    });
    expect(invited.status).toBe(201);
    return new URL((await on.lastMailTo(email)).link!).searchParams.get('invite')!;
  };
}

const acceptInvite = (t: string, address: string, on: TestServer = server) =>
  on.request('POST', INVITE, { body: { t }, headers: from(address) });

describe('the calls of mailed links', () => {
  it('let eleven colleagues behind one office address accept their invitations', async () => {
    const invite = await inviter();
    const office = freshAddress();
    const tokens: string[] = [];
    for (let colleague = 1; colleague <= 11; colleague++) {
      tokens.push(await invite(`colleague${colleague}@office-example.com`));
    }
    for (const t of tokens) expect((await acceptInvite(t, office)).status).toBe(200);
  });

  it('count unknown, used and expired links from one address, not the links that work', async () => {
    const address = freshAddress();
    const expired = await (await inviter())('late@office-example.com');
    server.clock.advance(8 * DAY);
    const invite = await inviter();

    expect((await acceptInvite(expired, address)).status).toBe(400);
    const used = await invite('early@office-example.com');
    expect((await acceptInvite(used, address)).status).toBe(200);
    expect((await acceptInvite(used, address)).status).toBe(400);
    for (let guess = 1; guess <= 6; guess++) {
      const unknown = await acceptInvite(`guess-${guess}`, address);
      expect(unknown.body).toEqual({ message: 'This link is invalid or has expired' });
    }
    const renew = await server.request('POST', RENEW, {
      body: { t: 'guess-7', new_password: 'a-new-password' },
      headers: from(address),
    });
    expect(renew.status).toBe(400);
    // Nine failures so far; a working link in between must not count as the tenth.
    expect((await acceptInvite(await invite('between@office-example.com'), address)).status).toBe(
      200,
    );
    expect((await acceptInvite('guess-8', address)).status).toBe(400);

    // Ten failures: the address is refused, even with a good link, by both link calls.
    const good = await invite('refused@office-example.com');
    const refused = await acceptInvite(good, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(REFUSED);
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60));
    const refusedRenew = await server.request('POST', RENEW, {
      body: { t: 'guess-9', new_password: 'a-new-password' },
      headers: from(address),
    });
    expect(refusedRenew.status).toBe(429);

    // The refused link was not used up, and other addresses are not held back.
    expect((await acceptInvite(good, freshAddress())).status).toBe(200);
    // Refusals count nowhere: once the window has passed, ten more tries are answered.
    server.clock.advance(15 * MINUTE);
    for (let guess = 1; guess <= RATE_LIMITS.linkFailures.max; guess++) {
      expect((await acceptInvite(`again-${guess}`, address)).status).toBe(400);
    }
    expect((await acceptInvite('one-more', address)).status).toBe(429);
  });
});

describe('sign-up and forgot-password', () => {
  it('take 50 sign-ups from one address within 15 minutes, then 429', async () => {
    const classroom = freshAddress();
    const signUp = (pupil: string, address = classroom) =>
      server.request('POST', REGISTER, {
        body: { username: pupil, email: `${pupil}@school-example.com`, password: 'pupil-password' },
        headers: from(address),
      });
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMITS.signUp.max }, (_, pupil) => signUp(`pupil${pupil}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));

    const refused = await signUp('pupil50');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(REFUSED);
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60));
    expect((await signUp('pupil50', freshAddress())).status).toBe(201);
    server.clock.advance(15 * MINUTE);
    expect((await signUp('pupil51')).status).toBe(201);
  });

  it('take 50 reset requests from one address within 15 minutes, then 429', async () => {
    const address = freshAddress();
    const forgot = (n: number) =>
      server.request('POST', FORGOT, {
        body: { email: `forgetful${n}@school-example.com` },
        headers: from(address),
      });
    for (let n = 1; n <= RATE_LIMITS.forgotPassword.max; n++) {
      expect((await forgot(n)).status).toBe(200);
    }
    const refused = await forgot(0);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(REFUSED);
    const elsewhere = await server.request('POST', FORGOT, {
      body: { email: 'forgetful0@school-example.com' },
      headers: from(freshAddress()),
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('sign-in', () => {
  it('tries at most 10 of the wrong passwords sent all at once, and refuses the rest', async () => {
    const user = await server.makeUser();
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, n) =>
        server.request('POST', LOGIN, {
          body: { username: user.email, password: `wrong-${n}` },
          headers: from(address),
        }),
      ),
    );
    const tried = answers.filter((answer) => answer.status === 401).length;
    const refused = answers.filter((answer) => answer.status === 429).length;
    // On PostgreSQL the email's and the address's counters may order the requests differently, so
    // a burst can be refused a little early, never late.
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(RATE_LIMITS.signInFailuresPerEmail.max);
    expect(tried + refused).toBe(answers.length);
  });
});

describe('the counters', () => {
  it('are deleted once their window has ended', async () => {
    await server.request('POST', FORGOT, {
      body: { email: 'someone@school-example.com' },
      headers: from(freshAddress()),
    });
    const now = () => server.clock.now();
    const ended = () =>
      server.db.select().from(rateLimitCounters).where(lte(rateLimitCounters.resetsAt, now()));
    server.clock.advance(15 * MINUTE);
    expect((await ended()).length).toBeGreaterThan(0);

    await server.request('POST', FORGOT, {
      body: { email: 'someone@school-example.com' },
      headers: from(freshAddress()),
    });
    expect(await ended()).toEqual([]);
  });
});

describe('two server processes on one database', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ database: await connectAgain(server.database) });
  });
  afterAll(() => other.close());

  it('enforce one limit on requests', async () => {
    const address = freshAddress();
    const forgot = (on: TestServer) =>
      on.request('POST', FORGOT, {
        body: { email: 'shared@school-example.com' },
        headers: from(address),
      });
    for (let n = 1; n <= RATE_LIMITS.forgotPassword.max / 2; n++) {
      expect((await forgot(server)).status).toBe(200);
      expect((await forgot(other)).status).toBe(200);
    }
    expect((await forgot(server)).status).toBe(429);
    expect((await forgot(other)).status).toBe(429);
  });

  it('enforce one limit on failed sign-ins', async () => {
    const user = await server.makeUser();
    const wrong = (on: TestServer, address: string) =>
      on.request('POST', LOGIN, {
        body: { username: user.email, password: 'wrong-password' },
        headers: from(address),
      });
    for (let n = 1; n <= RATE_LIMITS.signInFailuresPerEmail.max / 2; n++) {
      expect((await wrong(server, freshAddress())).status).toBe(401);
      expect((await wrong(other, freshAddress())).status).toBe(401);
    }
    const locked = await other.request('POST', LOGIN, {
      body: { username: user.email, password: user.password },
      headers: from(freshAddress()),
    });
    expect(locked.status).toBe(429);
    expect((await wrong(server, freshAddress())).status).toBe(429);
  });

  it('enforce one limit on failed links', async () => {
    const address = freshAddress();
    for (let n = 1; n <= RATE_LIMITS.linkFailures.max / 2; n++) {
      expect((await acceptInvite(`guess-${n}`, address, server)).status).toBe(400);
      expect((await acceptInvite(`guess-${n}`, address, other)).status).toBe(400);
    }
    const invite = await inviter(other);
    const good = await invite('shared-office@office-example.com');
    expect((await acceptInvite(good, address, server)).status).toBe(429);
    expect((await acceptInvite(good, address, other)).status).toBe(429);
  });
});
