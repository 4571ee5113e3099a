import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { createLocalBlobStore } from '../adapters/blob-store.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { testFfmpeg } from '../test/test-media-pipeline.ts';
import { requireRight, signedIn } from './access.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    routes(app) {
      app.get(
        '/api/test/activity',
        { config: { access: requireRight('canSeeActivityLog') } },
        () => ({
          data: 'activity',
        }),
      );
      app.get(
        '/api/test/promoted',
        { config: { access: requireRight('canSeeAppPromoted', 'canSeeCompanyList') } },
        () => ({ data: 'promoted' }),
      );
      app.get('/api/test/anyone', { config: { access: signedIn } }, () => ({ data: 'anyone' }));
    },
  });
});
afterAll(() => server.close());

describe('the access guard', () => {
  it('answers 401 without a token, with an empty one and with the literal null', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'x-access-token': '' },
      { 'x-access-token': 'null' },
    ];
    for (const headers of variants) {
      const response = await server.request('GET', '/api/test/anyone', { headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please sign in to continue' });
    }
  });

  it('answers 401 for a forged or malformed token', async () => {
    const user = await server.makeUser();
    const token = await server.signIn(user);
    const [header, payload] = token.split('.');
    for (const bad of ['garbage', `${header}.${payload}.forged-signature`, `${token}x`]) {
      const response = await server.request('GET', '/api/test/anyone', { token: bad });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
    }
  });

  it('answers 403 to a signed-in user without the right', async () => {
    const analyst = await server.makeUser({ role: 'analyst' });
    const token = await server.signIn(analyst);
    const response = await server.request('GET', '/api/test/activity', { token });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'You do not have the right to do this' });
    expect((await server.request('GET', '/api/test/anyone', { token })).status).toBe(200);
  });

  it('lets the holder of the right through', async () => {
    const internal = await server.makeUser({ role: 'internal', companyType: null });
    const response = await server.request('GET', '/api/test/activity', {
      token: await server.signIn(internal),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: 'activity' });
  });

  it('lets king through every right', async () => {
    const king = await server.makeUser({ role: 'king', companyType: null });
    const token = await server.signIn(king);
    expect((await server.request('GET', '/api/test/activity', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/test/promoted', { token })).status).toBe(200);
  });

  it('applies the company type: only a platform administrator sees App Management', async () => {
    const platformAdmin = await server.makeUser({ role: 'administrator', companyType: 'platform' });
    const companyAdmin = await server.makeUser({ role: 'administrator', companyType: 'company' });
    const accountManager = await server.makeUser({ role: 'accountManager', companyType: null });

    const statusFor = async (user: { email: string; password: string }) =>
      (await server.request('GET', '/api/test/promoted', { token: await server.signIn(user) }))
        .status;
    expect(await statusFor(platformAdmin)).toBe(200);
    expect(await statusFor(companyAdmin)).toBe(403);
    // Any one of the listed rights suffices.
    expect(await statusFor(accountManager)).toBe(200);
  });
});

describe('route declarations', () => {
  it('refuses to start when an /api route declares no access', async () => {
    const database = await openDatabase({ dataDir: null });
    const { app } = await buildApp({
      database,
      jwtSecret: 'x'.repeat(32),
      webRoot: null,
      publicUrl: 'http://studio.test',
      mailer: { send: async () => {} },
      blobs: createLocalBlobStore(tmpdir()),
      ffmpeg: await testFfmpeg(),
      workDir: tmpdir(),
      transcodeWorkers: 0,
    });
    expect(() => app.get('/api/forgotten', () => ({ data: null }))).toThrow(
      'GET /api/forgotten declares no access',
    );
    await app.close();
    await database.close();
  });
});
