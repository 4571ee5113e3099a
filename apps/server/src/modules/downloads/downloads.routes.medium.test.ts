import { createHash, randomUUID } from 'node:crypto';
import {
  DOWNLOAD_MESSAGES,
  DOWNLOAD_TICKET_PATH,
  DOWNLOAD_TICKET_SECONDS,
  LINEAR_CUT_MESSAGES,
  MESSAGES,
  type DownloadTicket,
} from '@plotline/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, downloadTickets, linearCuts, users } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

/*
 * Download tickets through HTTP: asked for with the session as the download's own route checks
 * it, redeemed once without it within DOWNLOAD_TICKET_SECONDS, answering the very bytes of the
 * authenticated routes, and refused once the user or their company may no longer download.
 */

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();

let movieId: number;
let readyCut: number;
let queuedCut: number;
const cutBytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

async function insertCut(status: 'ready' | 'queued', fileKey: string | null) {
  const now = server.clock.now();
  const [row] = await server.db
    .insert(linearCuts)
    .values({
      movieId,
      path: [1],
      contentIds: [1],
      status,
      progress: status === 'ready' ? 1 : 0,
      fileKey,
      fileBytes: fileKey ? cutBytes.length : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: linearCuts.id });
  return row!.id;
}

beforeAll(async () => {
  movieId = await make.makeProject(owner.token, { title: 'Take me home' });
  const key = `cuts/${movieId}/${randomUUID()}.mp4`;
  await server.blobs.put(key, cutBytes);
  readyCut = await insertCut('ready', key);
  queuedCut = await insertCut('queued', null);
});

const archive = { kind: 'story-archive', movie_id: 0 } as const;
const archiveOf = () => ({ ...archive, movie_id: movieId });
const cutOf = (id: number) => ({ kind: 'linear-cut', movie_id: movieId, linear_cut_id: id });

function ticket(body: unknown, token = owner.token) {
  return server.request<Envelope<DownloadTicket>>('POST', '/api/downloads', { token, body });
}

async function ticketUrl(body: unknown, token = owner.token): Promise<string> {
  const response = await ticket(body, token);
  expect(response.status, response.text).toBe(201);
  return response.body.data.url;
}

/** The browser's own request: no session header, nothing but the address. */
const open = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${url}`, { headers });

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ message });
}

describe('a story archive through a ticket', () => {
  it('answers the bytes of the authenticated export, once, as an attachment', async () => {
    const url = await ticketUrl(archiveOf());
    expect(url).toMatch(new RegExp(`^${DOWNLOAD_TICKET_PATH}\\?ticket=[A-Za-z0-9_-]{43}$`));
    const direct = await server.request('GET', `/api/movie/${movieId}/export`, {
      token: owner.token,
    });
    expect(direct.status).toBe(200);

    const file = await open(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="plotline-story-${movieId}.zip"`,
    );
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(Number(file.headers.get('content-length'))).toBe(bytes.length);
    // The export writes the clock's time into the zip, and the test clock stands still.
    const directBytes = await fetch(`${server.baseUrl}/api/movie/${movieId}/export`, {
      headers: { 'x-access-token': owner.token },
    }).then(async (response) => Buffer.from(await response.arrayBuffer()));
    expect(bytes.equals(directBytes)).toBe(true);

    await expectRefused(await open(url), 404, DOWNLOAD_MESSAGES.ticketNotFound);
  });

  it('keeps only the hash of the token, and gives an analyst (read-only) a ticket too', async () => {
    const url = await ticketUrl(archiveOf(), analystToken);
    const token = new URL(url, server.baseUrl).searchParams.get('ticket')!;
    const rows = await server.db
      .select()
      .from(downloadTickets)
      .where(eq(downloadTickets.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'story-archive', entityId: movieId, usedAt: null }),
    ]);
    expect(JSON.stringify(await server.db.select().from(downloadTickets))).not.toContain(token);
    expect((await open(url)).status).toBe(200);
  });

  it('is spent once when two requests race with it', async () => {
    const url = await ticketUrl(archiveOf());
    const statuses = (await Promise.all([open(url), open(url)])).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 404]);
  });

  it(`expires after ${DOWNLOAD_TICKET_SECONDS} s, and expired tickets are deleted`, async () => {
    const url = await ticketUrl(archiveOf());
    server.clock.advance(DOWNLOAD_TICKET_SECONDS * 1000);
    await expectRefused(await open(url), 404, DOWNLOAD_MESSAGES.ticketNotFound);
    const expired = (await server.db.select().from(downloadTickets)).filter(
      (row) => row.expiresAt <= server.clock.now(),
    );
    expect(expired.length).toBeGreaterThan(0);
    // The next ticket takes the expired ones away.
    const fresh = await ticketUrl(archiveOf());
    const left = await server.db.select().from(downloadTickets);
    expect(left.filter((row) => row.expiresAt <= server.clock.now())).toEqual([]);
    expect((await open(fresh)).status).toBe(200);
  });

  it('is not spent by a HEAD request', async () => {
    const url = await ticketUrl(archiveOf());
    const head = await fetch(`${server.baseUrl}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect((await open(url)).status).toBe(200);
  });
});

describe('maintenance', () => {
  it('lets a file be downloaded through a ticket, as reads go on', async () => {
    const root = await server.signIn(await server.makeUser({ role: 'king', companyType: null }));
    const toggle = (on: boolean) =>
      server.request('PUT', '/api/maintenance', { token: root, body: { on } });
    expect((await toggle(true)).status).toBe(200);
    try {
      expect((await open(await ticketUrl(archiveOf()))).status).toBe(200);
    } finally {
      expect((await toggle(false)).status).toBe(200);
    }
  });
});

describe('a linear cut through a ticket', () => {
  it('answers the bytes of the authenticated route, ranges included', async () => {
    const direct = await fetch(
      `${server.baseUrl}/api/movie/${movieId}/linear-cuts/${readyCut}/file`,
      { headers: { 'x-access-token': owner.token } },
    );
    expect(direct.status).toBe(200);
    const file = await open(await ticketUrl(cutOf(readyCut)));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('content-disposition')).toBe(direct.headers.get('content-disposition'));
    expect(file.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    expect(bytes.equals(cutBytes)).toBe(true);

    const part = await open(await ticketUrl(cutOf(readyCut)), { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${cutBytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(cutBytes.subarray(10, 20))).toBe(true);
    const beyond = await open(await ticketUrl(cutOf(readyCut)), { range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
  });

  it('is refused for a cut not ready (409) or of another project (404)', async () => {
    const early = await ticket(cutOf(queuedCut));
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: LINEAR_CUT_MESSAGES.notReadyToDownload });
    const other = await make.makeProject(owner.token);
    const elsewhere = await ticket({ ...cutOf(readyCut), movie_id: other });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ message: LINEAR_CUT_MESSAGES.notFound });
  });

  it('is refused when the cut went between the ticket and its use', async () => {
    const key = `cuts/${movieId}/${randomUUID()}.mp4`;
    await server.blobs.put(key, cutBytes);
    const doomed = await insertCut('ready', key);
    const url = await ticketUrl(cutOf(doomed));
    const deleted = await server.request('DELETE', `/api/movie/${movieId}/linear-cuts/${doomed}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    await expectRefused(await open(url), 404, LINEAR_CUT_MESSAGES.notFound);
  });
});

describe('refusals', () => {
  it("hides another company's project (404), asks for a sign-in (401) and a right (403)", async () => {
    const stranger = await ticket(archiveOf(), strangerToken);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: MESSAGES.projectNotFound });
    const strangerCut = await ticket(cutOf(readyCut), strangerToken);
    expect(strangerCut.status).toBe(404);
    expect((await server.request('POST', '/api/downloads', { body: archiveOf() })).status).toBe(
      401,
    );
    // Internal staff hold neither canSeeProject nor canAddProject, as on the export route.
    const staff = await server.signIn(
      await server.makeUser({ role: 'internal', companyType: null }),
    );
    const refused = await ticket(archiveOf(), staff);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.forbidden });
    expect(
      (await server.request('GET', `/api/movie/${movieId}/export`, { token: staff })).status,
    ).toBe(403);
  });

  it('refuses unknown and malformed tickets with 404, and a missing one with 400', async () => {
    const unknown = `${DOWNLOAD_TICKET_PATH}?ticket=${'A'.repeat(43)}`;
    await expectRefused(await open(unknown), 404, DOWNLOAD_MESSAGES.ticketNotFound);
    await expectRefused(
      await open(`${DOWNLOAD_TICKET_PATH}?ticket=short`),
      404,
      DOWNLOAD_MESSAGES.ticketNotFound,
    );
    expect((await open(DOWNLOAD_TICKET_PATH)).status).toBe(400);
    expect((await ticket({ ...archiveOf(), linear_cut_id: readyCut })).status).toBe(400);
    expect((await ticket({ kind: 'figures', movie_id: movieId })).status).toBe(400);
  });

  it('checks the user again when the ticket is spent: disabled, company disabled, moved away', async () => {
    const make403 = async (change: (userId: number, companyId: number) => Promise<unknown>) => {
      const user = await server.makeUser({ role: 'analyst', companyId: owner.companyId });
      const url = await ticketUrl(archiveOf(), await server.signIn(user));
      await change(user.id, owner.companyId);
      return open(url);
    };
    await expectRefused(
      await make403((id) =>
        server.db.update(users).set({ status: 'disabled' }).where(eq(users.id, id)),
      ),
      403,
      MESSAGES.forbidden,
    );
    // Another company's user now: the project is out of their reach, as on the export route.
    const elsewhere = await server.makeCompany();
    await expectRefused(
      await make403((id) =>
        server.db.update(users).set({ companyId: elsewhere }).where(eq(users.id, id)),
      ),
      404,
      MESSAGES.projectNotFound,
    );
    // A role without the download's rights by now.
    await expectRefused(
      await make403((id) =>
        server.db
          .update(users)
          .set({ role: 'accountManager', companyId: null })
          .where(eq(users.id, id)),
      ),
      403,
      MESSAGES.forbidden,
    );
    // Last: the owner's company disabled, and enabled again.
    const url = await ticketUrl(archiveOf());
    await server.db
      .update(companies)
      .set({ status: 'disabled' })
      .where(eq(companies.id, owner.companyId));
    try {
      await expectRefused(await open(url), 403, MESSAGES.forbidden);
    } finally {
      await server.db
        .update(companies)
        .set({ status: 'active' })
        .where(eq(companies.id, owner.companyId));
    }
  });
});
