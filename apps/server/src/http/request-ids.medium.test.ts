import { Writable } from 'node:stream';
import { TUS_UPLOAD_PATH } from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

interface LogLine {
  reqId?: string;
  msg: string;
  level: number;
  err?: { message: string };
}

describe('request ids behind a trusted proxy (TRUST_PROXY, as the test server has it)', () => {
  const lines: LogLine[] = [];
  let server: TestServer;

  beforeAll(async () => {
    // A pino destination: the app's JSON lines, parsed as they are written.
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    server = await startTestServer({
      logger: { level: 'info', stream: destination },
      routes: (app) => {
        app.get('/api/test/broken', { config: { access: { kind: 'public' } } }, (request) => {
          request.log.info('about to fail');
          throw new Error('the secret insides of a failure');
        });
      },
    });
  });
  afterAll(() => server.close());

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('keeps a sane id sent in x-request-id, answers it, and writes it on the request’s log lines', async () => {
    const response = await server.request('GET', '/api/health', {
      headers: { 'x-request-id': 'edge-7f3a.42:1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('edge-7f3a.42:1');
    await expect
      .poll(() => linesOf('edge-7f3a.42:1').map((line) => line.msg))
      .toEqual(['incoming request', 'request completed']);
  });

  it('makes an id of its own when none is sent, or when the one sent is not sane', async () => {
    const none = await server.request('GET', '/api/health');
    const tooLong = await server.request('GET', '/api/health', {
      headers: { 'x-request-id': 'a'.repeat(129) },
    });
    const spaced = await server.request('GET', '/api/nothing-here', {
      headers: { 'x-request-id': 'two words' },
    });
    expect(spaced.status).toBe(404);
    const ids = [none, tooLong, spaced].map((response) => response.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    await expect.poll(() => linesOf(ids[2]!).length).toBe(2);
  });

  it('answers with the id when a route writes its answer itself (tus)', async () => {
    const token = await server.signIn(await server.makeUser({ role: 'administrator' }));
    const response = await server.request('OPTIONS', TUS_UPLOAD_PATH, {
      token,
      headers: { 'tus-resumable': '1.0.0', 'x-request-id': 'resumable-1' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('x-request-id')).toBe('resumable-1');
  });

  it('answers a failure with its id and a plain message, and logs the failure, stack and all, under that id', async () => {
    const response = await server.request('GET', '/api/test/broken', {
      headers: { 'x-request-id': 'failing-1' },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('failing-1');
    expect(response.body).toEqual({ message: 'Internal server error' });
    expect(response.text).not.toMatch(/secret|at |\.ts/);
    await expect
      .poll(() => linesOf('failing-1').map((line) => line.msg))
      .toEqual(['incoming request', 'about to fail', 'request failed', 'request completed']);
    const failure = linesOf('failing-1').find((line) => line.msg === 'request failed')!;
    expect(failure.err?.message).toBe('the secret insides of a failure');
    expect(failure).toHaveProperty(
      'err.stack',
      expect.stringContaining('request-ids.medium.test.ts'),
    );
  });
});

describe('request ids without a trusted proxy (TRUST_PROXY off)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ trustProxy: false });
  });
  afterAll(() => server.close());

  it("makes an id of its own whatever x-request-id the client sends: the header is the client's", async () => {
    const ids: (string | null)[] = [];
    for (const sent of ['edge-7f3a.42:1', 'edge-7f3a.42:1', 'a-request-of-someone-else']) {
      const response = await server.request('GET', '/api/health', {
        headers: { 'x-request-id': sent },
      });
      expect(response.status).toBe(200);
      ids.push(response.headers.get('x-request-id'));
    }
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });
});
