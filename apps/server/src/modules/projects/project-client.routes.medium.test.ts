import {
  CLIENT_NAME_MAX_LENGTH,
  MESSAGES,
  type ClientListEntry,
  type Project,
} from '@plotline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, movies } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';

/** A project's client (spec §3 `client_id`, §2 step 4's `client_name`): set in step 1 by administrators. */

const { server, make, owner, analystToken } = await startProjectSuite();

const adminOf = async (companyId: number) =>
  server.signIn(await server.makeUser({ role: 'administrator', companyId }));
const admin = await server.makeUser({ role: 'administrator', companyId: owner.companyId });
const adminToken = await server.signIn(admin);
const superadminToken = await server.signIn(
  await server.makeUser({ role: 'superadmin', companyId: owner.companyId }),
);
const rootToken = await server.signIn(await server.makeUser({ role: 'king', companyType: null }));
const other = await server.makeUser({ role: 'administrator' });
const otherToken = await server.signIn(other);

const info = { type: 1, title: 'A project', view_mode: 'horizontal' } as const;

const save = (token: string, body: Record<string, unknown>) =>
  server.request<Envelope<{ movieId: number }>>('POST', '/api/movie', { token, body });
const getProject = async (movieId: number, token = owner.token) => {
  const response = await server.request<Envelope<Project>>('GET', `/api/movie/${movieId}`, {
    token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};
const listClients = (token: string | undefined, query = '') =>
  server.request<Envelope<ClientListEntry[]>>('GET', `/api/client${query}`, { token });
const clientRows = (companyId: number) =>
  server.db.select().from(clients).where(eq(clients.companyId, companyId));
const movieRow = async (movieId: number) =>
  (await server.db.select().from(movies).where(eq(movies.id, movieId)))[0]!;

describe('POST /api/movie: the client', () => {
  it("sets, changes and clears a project's client; GET answers its id and name, the watch URL its name", async () => {
    const created = await save(adminToken, { ...info, client_name: '  Acme Films ' });
    expect(created.status, created.text).toBe(201);
    const movieId = created.body.data.movieId;
    const [acme] = await clientRows(owner.companyId);
    expect(acme).toMatchObject({ companyId: owner.companyId, name: 'Acme Films' });
    expect(await getProject(movieId)).toMatchObject({
      client_id: acme!.id,
      client_name: 'Acme Films',
    });
    expect(await make.lastActivityOf(admin.id)).toMatchObject({
      action: 'movie.created',
      summary: 'Saved the project info of "A project" and the client "Acme Films"',
    });

    const slugged = await save(adminToken, { movieId, slug: `acme-${movieId}` });
    expect(slugged.status, slugged.text).toBe(200);
    const watchUrl = new URL((await getProject(movieId)).watch_url!);
    expect(watchUrl.pathname).toBe(`/watch/acme-${movieId}`);
    expect(watchUrl.searchParams.get('client_name')).toBe('Acme Films');

    // Not sent, or sent as it is: kept, and the log does not say it changed.
    expect((await save(adminToken, { ...info, movieId, title: 'Renamed' })).status).toBe(200);
    expect(
      (await save(adminToken, { ...info, movieId, title: 'Renamed', client_name: 'Acme Films' }))
        .status,
    ).toBe(200);
    expect((await make.lastActivityOf(admin.id))?.summary).toBe(
      'Saved the project info of "Renamed"',
    );
    expect(await getProject(movieId)).toMatchObject({ title: 'Renamed', client_id: acme!.id });

    const changed = await save(superadminToken, { ...info, movieId, client_name: 'Bolt & Co' });
    expect(changed.status, changed.text).toBe(200);
    const bolt = (await clientRows(owner.companyId)).find((client) => client.name === 'Bolt & Co');
    expect(await getProject(movieId)).toMatchObject({
      client_id: bolt!.id,
      client_name: 'Bolt & Co',
    });
    expect(new URL((await getProject(movieId)).watch_url!).search).toBe('?client_name=Bolt+%26+Co');

    for (const none of ['  ', null]) {
      await save(adminToken, { ...info, movieId, client_name: 'Acme Films' });
      const cleared = await save(adminToken, { ...info, movieId, client_name: none });
      expect(cleared.status, cleared.text).toBe(200);
      const project = await getProject(movieId);
      expect(project).toMatchObject({ client_id: null, client_name: null });
      expect(new URL(project.watch_url!).search).toBe('');
    }
  });

  it('finds a client by name, whatever its case, so one name makes one client', async () => {
    const first = await save(adminToken, { ...info, client_name: 'Northwind' });
    const second = await save(adminToken, { ...info, client_name: 'northwind' });
    const third = await save(superadminToken, { ...info, client_name: 'Northwind' });
    const ids = await Promise.all(
      [first, second, third].map(async (reply) => {
        expect(reply.status, reply.text).toBe(201);
        return (await getProject(reply.body.data.movieId)).client_id;
      }),
    );
    const rows = (await clientRows(owner.companyId)).filter(
      (client) => client.name.toLowerCase() === 'northwind',
    );
    expect(rows).toHaveLength(1);
    expect(ids).toEqual([rows[0]!.id, rows[0]!.id, rows[0]!.id]);
  });

  it('gives saves adding one new name at once one client row', async () => {
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => save(adminToken, { ...info, client_name: 'Raced Ltd' })),
    );
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    const rows = (await clientRows(owner.companyId)).filter((c) => c.name === 'Raced Ltd');
    expect(rows).toHaveLength(1);
    for (const reply of replies) {
      expect((await movieRow(reply.body.data.movieId)).clientId).toBe(rows[0]!.id);
    }
  });

  it("refuses a contributor's change of the client with a 403 that saves nothing", async () => {
    const movieId = (await save(adminToken, { ...info, client_name: 'Fixed Client' })).body.data
      .movieId;
    const before = await movieRow(movieId);
    const clientsBefore = await clientRows(owner.companyId);

    const refused = await save(owner.token, {
      ...info,
      movieId,
      title: 'Changed',
      client_name: 'Someone Else',
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.clientNeedsAdministrator);
    expect(await movieRow(movieId)).toEqual(before);
    expect(await clientRows(owner.companyId)).toEqual(clientsBefore);
  });

  it("never reaches another company's clients: the same name is each company's own", async () => {
    const ours = (await save(adminToken, { ...info, client_name: 'Shared Name' })).body.data
      .movieId;
    const theirs = await save(otherToken, { ...info, client_name: 'Shared Name' });
    expect(theirs.status, theirs.text).toBe(201);
    const ourClient = (await getProject(ours)).client_id;
    const theirClient = (await getProject(theirs.body.data.movieId, otherToken)).client_id;
    expect(theirClient).not.toBe(ourClient);
    expect((await clientRows(other.companyId!)).map((client) => client.name)).toEqual([
      'Shared Name',
    ]);

    const listed = await listClients(otherToken);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toEqual([{ client_id: theirClient, name: 'Shared Name' }]);
    expect((await listClients(otherToken, `?movieId=${ours}`)).status).toBe(404);
    // Another company's project is not found, whatever its client.
    const foreign = await save(otherToken, { ...info, movieId: ours, client_name: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect((await getProject(ours)).client_name).toBe('Shared Name');
  });

  it("lets root set the client of any company's project, among that company's clients", async () => {
    const movieId = await make.makeProject(owner.token);
    const set = await save(rootToken, { ...info, movieId, client_name: 'Root Pick' });
    expect(set.status, set.text).toBe(200);
    const [row] = (await clientRows(owner.companyId)).filter((c) => c.name === 'Root Pick');
    expect((await getProject(movieId)).client_id).toBe(row!.id);
    const listed = await listClients(rootToken, `?movieId=${movieId}&search=root`);
    expect(listed.body.data).toEqual([{ client_id: row!.id, name: 'Root Pick' }]);
  });

  it('refuses a client name without step 1, too long, or with a NUL byte (400)', async () => {
    const movieId = await make.makeProject(owner.token);
    const alone = await save(adminToken, { movieId, client_name: 'Alone' });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toContain(MESSAGES.infoNeedsType);
    const long = await save(adminToken, {
      ...info,
      movieId,
      client_name: 'x'.repeat(CLIENT_NAME_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect((await save(adminToken, { ...info, movieId, client_name: 'a\u0000b' })).status).toBe(
      400,
    );
    // client_id is the form data's, accepted and ignored: client_name names the client.
    const ignored = await save(adminToken, { ...info, movieId, client_id: 123456 });
    expect(ignored.status, ignored.text).toBe(200);
    expect((await getProject(movieId)).client_id).toBeNull();
  });
});

describe('GET /api/client', () => {
  it("lists the company's clients whose name holds the search, by name, to its members", async () => {
    const company = await server.makeCompany();
    const admin = await adminOf(company);
    for (const name of ['Zeta Pictures', 'alpha studio', 'Beta 100%', 'Gamma_Works']) {
      expect((await save(admin, { ...info, client_name: name })).status).toBe(201);
    }
    const names = async (query: string) =>
      (await listClients(admin, query)).body.data.map((client) => client.name);
    expect(await names('')).toEqual(['alpha studio', 'Beta 100%', 'Gamma_Works', 'Zeta Pictures']);
    expect(await names('?search=  PICT ')).toEqual(['Zeta Pictures']);
    // `%` and `_` typed are matched as themselves.
    expect(await names('?search=%25')).toEqual(['Beta 100%']);
    expect(await names('?search=_')).toEqual(['Gamma_Works']);
    expect(await names('?search=nothing')).toEqual([]);

    const analyst = await server.signIn(
      await server.makeUser({ role: 'analyst', companyId: company }),
    );
    expect((await listClients(analyst)).body.data).toHaveLength(4);
    expect((await listClients(analystToken)).status).toBe(200);
  });

  it('needs a signed-in member (401), a project the caller reaches (404) and a valid query (400)', async () => {
    expect((await listClients(undefined)).status).toBe(401);
    expect((await listClients(owner.token, '?movieId=0')).status).toBe(400);
    expect((await listClients(owner.token, `?search=${'x'.repeat(200)}`)).status).toBe(400);
  });
});
