import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose database has no user yet, as on the very first start. */
async function emptyServer() {
  server = await startTestServer();
  return server;
}

describe('the root user on an empty database', () => {
  it('is created with the configured password and signs in as king', async () => {
    const { services, request } = await emptyServer();
    const root = await services.accounts.ensureRootUser({
      email: 'root@example.com',
      password: 'configured-password',
    });
    expect(root).toEqual({ password: 'configured-password', generated: false });

    const response = await request('POST', '/api/v1.6/auth/login', {
      body: { username: 'root@example.com', password: 'configured-password' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      data: { role: 'king', company_type: null, name: 'Plotline Admin', password: true },
    });
  });
});
