import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { RATE_LIMITS } from '../rate-limits/rate-limit-rules.ts';
import { openTermsFile } from './terms-file.ts';

const SHIPPED_TERMS = fileURLToPath(new URL('../../../content/terms.md', import.meta.url));

type Terms = { data: { markdown: string; updated_at: string } };
type Row = { id: number; email: string; language: string; created_at: string };
type PageBody = { data: { rows: Row[]; total: number } };

let server: TestServer;
let staffToken: string;
let addressCount = 0;

/** A client address of its own, so one test's sign-ups never count against another's limit. */
function freshAddress() {
  addressCount += 1;
  return { 'x-forwarded-for': `10.19.0.${addressCount}` };
}

function signUp(body: unknown, headers: Record<string, string> = freshAddress()) {
  return server.request<{ data: { email: string }; message?: string }>(
    'POST',
    '/api/public/news-signup',
    { body, headers },
  );
}

/** The list as staff see it; `null` asks without a session. */
function list(query: string, token: string | null = staffToken) {
  return server.request<PageBody>('GET', `/api/news-signup${query}`, {
    token: token ?? undefined,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  staffToken = await server.signIn(await server.makeUser({ role: 'internal', companyType: null }));
});
afterAll(() => server.close());

describe('GET /api/public/terms', () => {
  it('answers the shipped template to anyone, with the time the file changed', async () => {
    const response = await server.request<Terms>('GET', '/api/public/terms');
    expect(response.status).toBe(200);
    expect(response.body.data.markdown).toMatch(/^# Terms and Conditions\n/);
    expect(response.body.data.markdown).toContain('This is a template.');
    expect(response.body.data.updated_at).toBe((await stat(SHIPPED_TERMS)).mtime.toISOString());
  });
});

describe('TERMS_FILE', () => {
  let dir: string;
  let own: TestServer;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'plotline-terms-'));
    file = path.join(dir, 'terms.md');
    await writeFile(file, '# Our terms\n\nBe kind.\n');
    await utimes(file, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    own = await startTestServer({ termsFile: file });
  });
  afterAll(async () => {
    await own.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers the operator's file instead of the template", async () => {
    const response = await own.request<Terms>('GET', '/api/public/terms');
    expect(response.body.data).toEqual({
      markdown: '# Our terms\n\nBe kind.\n',
      updated_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('answers the new text once the file changes, without a restart', async () => {
    await writeFile(file, '# Our terms\n\nBe kinder.\n');
    await utimes(file, new Date('2026-02-03T04:05:06Z'), new Date('2026-02-03T04:05:06Z'));
    const response = await own.request<Terms>('GET', '/api/public/terms');
    expect(response.body.data).toEqual({
      markdown: '# Our terms\n\nBe kinder.\n',
      updated_at: '2026-02-03T04:05:06.000Z',
    });
  });

  it('keeps the last text when the file goes missing', async () => {
    await rm(file);
    const response = await own.request<Terms>('GET', '/api/public/terms');
    expect(response.status).toBe(200);
    expect(response.body.data.markdown).toBe('# Our terms\n\nBe kinder.\n');
  });

  it('stops the start, naming the file, when it cannot be read', async () => {
    const missing = path.join(dir, 'missing.md');
    await expect(openTermsFile(missing)).rejects.toThrow(
      `Cannot read the terms file ${missing} (TERMS_FILE)`,
    );
  });
});

describe('POST /api/public/news-signup', () => {
  it('stores the address lower-cased, once, and answers a repeat the same', async () => {
    const first = await signUp({ email: '  Ayu.Lestari@Example.COM ', language: 'id' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { email: 'ayu.lestari@example.com' } });

    const again = await signUp({ email: 'AYU.LESTARI@example.com', language: 'en' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const rows = (await list('?search=ayu.lestari')).body.data;
    expect(rows.total).toBe(1);
    // The first sign-up's language stays: the repeat changes nothing.
    expect(rows.rows).toEqual([
      expect.objectContaining({ email: 'ayu.lestari@example.com', language: 'id' }),
    ]);
  });

  it.each([
    [{ email: 'not-an-address', language: 'en' }, 'email: Invalid email'],
    [{ email: '', language: 'en' }, 'email: Required'],
    [{ email: `${'a'.repeat(250)}@example.com`, language: 'en' }, 'email: At most 254 characters'],
    [{ email: 'a@example.com', language: 'fr' }, 'language: Use one of en, de, id, es, zh, ar'],
    [{ email: 'a@example.com' }, 'language:'],
    [{ email: 'a@example.com', language: 'en', name: 'Ayu' }, 'Unknown field "name"'],
  ])('answers 400 for %j and stores nothing', async (body, message) => {
    const before = (await list('')).body.data.total;
    const response = await signUp(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect((await list('')).body.data.total).toBe(before);
  });

  it(`takes ${RATE_LIMITS.newsSignUp.max} sign-ups from one address, then 429`, async () => {
    const from = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMITS.newsSignUp.max }, (_, index) =>
        signUp({ email: `burst${index}@example.com`, language: 'en' }, from),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(
      Array(RATE_LIMITS.newsSignUp.max).fill(200),
    );
    const refused = await signUp({ email: 'one-more@example.com', language: 'en' }, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests. Please try again in 15 minutes.');
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await list('?search=one-more')).body.data.total).toBe(0);
    // Another address is not held back.
    expect((await signUp({ email: 'one-more@example.com', language: 'en' })).status).toBe(200);
  });
});

describe('GET /api/news-signup', () => {
  beforeAll(async () => {
    for (const email of ['zeta.one@list.test', 'zeta.two@list.test', 'zeta.three@list.test']) {
      await signUp({ email, language: 'de' });
    }
  });

  it('answers 401 without a session and 403 without the company-list right', async () => {
    expect((await list('', null)).status).toBe(401);
    const admin = await server.signIn(await server.makeUser({ role: 'administrator' }));
    expect((await list('', admin)).status).toBe(403);
    expect((await server.request('GET', '/api/news-signup/csv', { token: admin })).status).toBe(
      403,
    );
  });

  it('lets account managers and the root user read it', async () => {
    const manager = await server.signIn(
      await server.makeUser({ role: 'accountManager', companyType: null }),
    );
    const root = await server.signIn(await server.makeUser({ role: 'king', companyType: null }));
    expect((await list('', manager)).status).toBe(200);
    expect((await list('', root)).status).toBe(200);
  });

  it('searches, sorts and pages', async () => {
    const all = await list('?search=ZETA.&sort=email');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.rows.map((row) => row.email)).toEqual([
      'zeta.one@list.test',
      'zeta.three@list.test',
      'zeta.two@list.test',
    ]);
    const second = await list('?search=zeta.&sort=-email&page=2&perPage=2');
    expect(second.body.data).toEqual({
      total: 3,
      rows: [expect.objectContaining({ email: 'zeta.one@list.test', language: 'de' })],
    });
    // The newest first by default.
    const newest = await list('?perPage=1');
    expect(newest.body.data.rows[0]!.email).toBe(
      (await list('?sort=-created_at&perPage=1')).body.data.rows[0]!.email,
    );
  });

  it.each(['?sort=name', '?page=0', '?perPage=101'])('answers 400 for %s', async (query) => {
    expect((await list(query)).status).toBe(400);
  });

  it('downloads every address as CSV, oldest first', async () => {
    const response = await server.request('GET', '/api/news-signup/csv', { token: staffToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="news-signups.csv"',
    );
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"email","language","created_at"');
    expect(lines).toHaveLength((await list('')).body.data.total + 1);
    expect(lines.slice(1).find((line) => line.startsWith('"zeta.one@'))).toMatch(
      /^"zeta\.one@list\.test","de","\d{4}-\d\d-\d\dT[\d:.]+Z"$/,
    );
  });
});
