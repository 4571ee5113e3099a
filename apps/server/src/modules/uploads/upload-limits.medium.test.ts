import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  MESSAGES,
  UPLOAD_LIMIT_BYTES,
  type MovieContentStatus,
  type MovieContentUploadResult,
} from '@plotline/core';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movieContents } from '../../db/schema/index.ts';
import { setPublished } from '../../test/test-projects.ts';
import { testClip } from '../../test/media-fixtures.ts';
import { startTestServer, type TestServer, type Envelope } from '../../test/test-server.ts';

const UPLOAD = '/api/v1.5/upload/movie-content';
const SMALL_LIMIT = 200_000;
type Uploaded = { status: number; body: Envelope<MovieContentUploadResult>; text: string };

let server: TestServer;
let clips: string;
let token: string;
/** A 320x180 clip of two seconds: well under any limit here. */
let clip: string;
/** A 640x360 clip larger than SMALL_LIMIT. */
let bigClip: string;

async function form(
  files: { file?: string; bytes?: Buffer; name: string }[],
  fields: Record<string, string>,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const { file, bytes, name } of files) {
    const content = bytes ?? (await readFile(file!));
    body.append('uploads', new Blob([new Uint8Array(content)]), name);
  }
  return body;
}

function upload(
  target: TestServer,
  rawBody: FormData,
  as: string | undefined = token,
): Promise<Uploaded> {
  return target.request<Envelope<MovieContentUploadResult>>('POST', UPLOAD, {
    token: as,
    rawBody,
  });
}

async function listDir(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [])).sort();
}

async function contentCount(target: TestServer = server): Promise<number> {
  const [row] = await target.db.select({ rows: count() }).from(movieContents);
  return row!.rows;
}

/** Every file under `dir`, as paths relative to it. */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What an upload leaves behind: temporary files, stored sources and rows. */
async function leftovers(target: TestServer = server) {
  return {
    incoming: await listDir(path.join(target.workDir, 'incoming')),
    sources: await target.blobKeys('sources'),
    contents: await contentCount(target),
  };
}

async function draftMovie(as = token): Promise<number> {
  const response = await upload(
    server,
    await form([{ file: clip, name: 'draft.mp4' }], { type: '1' }),
    as,
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data.movieId;
}

function statusOf(movieId: number) {
  return server.request<Envelope<MovieContentStatus[]>>(
    'GET',
    `/api/transcoder/movie-status/${movieId}`,
    { token },
  );
}

const BOUNDARY = 'plotline-test-boundary';

/** A multipart body by hand: a `type` field, then one file part in `uploads`. */
function multipartParts(file: Buffer, fileName: string) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\n1\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="uploads"; filename="${fileName}"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { head, tail, length: head.length + file.length + tail.length };
}

/** A POST whose body the test writes itself, through node:http. */
function rawUpload(target: TestServer, contentLength: number) {
  const request = http.request(target.baseUrl + UPLOAD, {
    method: 'POST',
    headers: {
      [ACCESS_TOKEN_HEADER]: token,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(contentLength),
    },
  });
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      request.on('error', reject);
      request.on('response', (message) => {
        const chunks: Buffer[] = [];
        message.on('data', (chunk: Buffer) => chunks.push(chunk));
        message.on('error', reject);
        message.on('end', () =>
          resolve({
            status: message.statusCode ?? 0,
            headers: message.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
    },
  );
  return { request, response };
}

beforeAll(async () => {
  clips = await mkdtemp(path.join(tmpdir(), 'plotline-limits-'));
  clip = await testClip({ width: 320, height: 180, seconds: 2 });
  bigClip = await testClip({ width: 640, height: 360, seconds: 2 });
  server = await startTestServer();
  const user = await server.makeUser({ role: 'contributor' });
  token = await server.signIn(user);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(clips, { recursive: true, force: true });
});

describe('the upload limit', () => {
  let limited: TestServer;
  let limitedToken: string;

  beforeAll(async () => {
    limited = await startTestServer({ uploadLimitBytes: SMALL_LIMIT });
    limitedToken = await limited.signIn(await limited.makeUser({ role: 'contributor' }));
  }, 60_000);

  afterAll(async () => {
    await limited?.close();
  });

  it('refuses files totalling the limit or more with the spec message and keeps nothing', async () => {
    const big = await readFile(bigClip);
    expect(big.length).toBeGreaterThan(SMALL_LIMIT);
    const before = await leftovers(limited);
    expect(before.contents).toBe(0);

    const cases = [
      { what: 'a real video over the limit', files: [{ file: bigClip, name: 'big.mp4' }] },
      {
        what: 'a file of exactly the limit',
        files: [{ bytes: big.subarray(0, SMALL_LIMIT), name: 'exact.mp4' }],
      },
      {
        what: 'two files each under the limit, together over it',
        files: [
          { bytes: big.subarray(0, SMALL_LIMIT * 0.6), name: 'one.mp4' },
          { bytes: big.subarray(0, SMALL_LIMIT * 0.6), name: 'two.mp4' },
        ],
      },
    ];
    for (const { what, files } of cases) {
      const response = await upload(limited, await form(files, { type: '1' }), limitedToken);
      expect(response.status, `${what}: ${response.text}`).toBe(413);
      expect(response.body).toEqual({ message: MESSAGES.uploadTooLarge });
      expect(response.body.message).toBe('Total selected file size must be smaller than 1GB!');
      expect(await leftovers(limited), what).toEqual(before);
    }
    expect(await limited.blobKeys('')).toEqual([]);
  });

  it('lets one byte under the limit through to the content checks', async () => {
    const big = await readFile(bigClip);
    const response = await upload(
      limited,
      await form([{ bytes: big.subarray(0, SMALL_LIMIT - 1), name: 'under.mp4' }], { type: '1' }),
      limitedToken,
    );
    // Half an mp4 without its index is not a video: refused for its content, not its size.
    expect(response.status, response.text).toBe(415);
    expect(response.body.message).toMatch(/^under\.mp4: /);
    expect(await listDir(path.join(limited.workDir, 'incoming'))).toEqual([]);
  });

  it('refuses a declared 1.1 GB body at the real limit without waiting for it', async () => {
    const before = await leftovers();
    const { request, response } = rawUpload(server, 1_100_000_000);
    const started = Date.now();
    request.write(`--${BOUNDARY}\r\n`);
    const answer = await response;
    request.on('error', () => {});
    request.destroy();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.status, answer.text).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: MESSAGES.uploadTooLarge });
    expect(UPLOAD_LIMIT_BYTES).toBe(1_000_000_000);
    expect(await leftovers()).toEqual(before);
  });
});

describe('an aborted upload', () => {
  it('leaves no temporary file, blob or row, and the server carries on', async () => {
    const before = await leftovers();
    const bytes = await readFile(clip);
    const { head, length } = multipartParts(bytes, 'aborted.mp4');
    const { request, response } = rawUpload(server, length);
    response.catch(() => {});
    request.write(head);
    request.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    const incoming = path.join(server.workDir, 'incoming');
    // The server has started writing the file part to a temporary file of its own…
    await waitUntil(async () => (await listDir(incoming)).length === 1, 'the file part arrives');
    request.destroy();
    // …which goes once the connection is gone.
    await waitUntil(async () => (await listDir(incoming)).length === 0, 'the temporary file goes');
    expect(await leftovers()).toEqual(before);

    const later = await upload(
      server,
      await form([{ file: clip, name: 'later.mp4' }], { type: '1' }),
    );
    expect(later.status, later.text).toBe(200);
    expect(later.body.data.files).toEqual([expect.objectContaining({ file_name: 'later.mp4' })]);
  });

  it('answers a body that ends inside the file with 400 and the interrupted-upload message', async () => {
    const before = await leftovers();
    const bytes = await readFile(clip);
    const { head } = multipartParts(bytes, 'cut.mp4');
    const body = Buffer.concat([head, bytes.subarray(0, Math.floor(bytes.length / 2))]);
    const { request, response } = rawUpload(server, body.length);
    request.end(body);
    const answer = await response;
    expect(answer.status, answer.text).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ message: MESSAGES.uploadIncomplete });
    expect(await leftovers()).toEqual(before);
  });
});

describe('concurrent uploads', () => {
  it('stores two uploads of the same file at once as two contents with their own sources', async () => {
    const movieId = await draftMovie();
    const [first, second] = await Promise.all(
      [1, 2].map(async () =>
        upload(
          server,
          await form([{ file: clip, name: 'same.mp4' }], { movieId: String(movieId), type: '1' }),
        ),
      ),
    );
    expect(first!.status, first!.text).toBe(200);
    expect(second!.status, second!.text).toBe(200);
    expect(first!.body.data.movieId).toBe(movieId);
    expect(second!.body.data.movieId).toBe(movieId);
    const ids = [first!, second!].map((response) => response.body.data.files[0]!.movie_content_id);
    expect(new Set(ids).size).toBe(2);

    const rows = await server.db
      .select({ sourceKey: movieContents.sourceKey, sourceBytes: movieContents.sourceBytes })
      .from(movieContents)
      .where(inArray(movieContents.id, ids));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.sourceKey)).size).toBe(2);
    const original = await readFile(clip);
    for (const row of rows) {
      expect(row.sourceBytes).toBe(original.length);
      expect((await server.blobs.get(row.sourceKey))?.equals(original)).toBe(true);
    }
    const listed = (await statusOf(movieId)).body.data.map((entry) => entry.movie_content_id);
    expect(listed).toEqual(expect.arrayContaining(ids));
    expect(await listDir(path.join(server.workDir, 'incoming'))).toEqual([]);
  });
});

describe('file names', () => {
  it('stores a climbing, unicode name under a random key and shows its cleaned last part', async () => {
    const scratch = path.dirname(server.workDir);
    const filesBefore = await walk(scratch);
    const keysBefore = await server.blobKeys('');
    const response = await upload(
      server,
      await form([{ file: clip, name: '../../etc/passwd ☃ 日本.mp4' }], { type: '1' }),
    );
    expect(response.status, response.text).toBe(200);
    const [entry] = response.body.data.files;
    expect(entry!.file_name).toBe('passwd ☃ 日本.mp4');

    const [row] = await server.db
      .select({ sourceKey: movieContents.sourceKey, fileName: movieContents.fileName })
      .from(movieContents)
      .where(eq(movieContents.id, entry!.movie_content_id));
    expect(row!.fileName).toBe('passwd ☃ 日本.mp4');
    expect(row!.sourceKey).toMatch(/^sources\/[0-9a-f-]{36}$/);
    expect(await server.blobs.size(row!.sourceKey)).toBe((await stat(clip)).size);

    // The one new blob is the source; no other file is left, and nothing climbed out.
    const keysAdded = (await server.blobKeys('')).filter((key) => !keysBefore.includes(key));
    expect(keysAdded).toEqual([row!.sourceKey]);
    const filesAfter = await walk(scratch);
    const added = filesAfter.filter((file) => !filesBefore.includes(file));
    expect(added.filter((file) => !file.startsWith(`blobs${path.sep}`))).toEqual([]);
    expect(filesAfter.filter((file) => /passwd|etc/.test(file))).toEqual([]);
    for (const base of [server.blobsDir, path.join(server.blobsDir, 'sources'), server.workDir]) {
      await expect(stat(path.resolve(base, '../../etc/passwd ☃ 日本.mp4'))).rejects.toThrow();
      await expect(stat(path.resolve(base, '../etc/passwd ☃ 日本.mp4'))).rejects.toThrow();
    }
  });

  it('falls back to a generic name when nothing of the name is left', async () => {
    const response = await upload(
      server,
      await form([{ file: clip, name: '../..' }], { type: '1' }),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.files[0]!.file_name).toBe('video');
  });
});

describe('refusals of POST /api/v1.5/upload/movie-content', () => {
  it('answers 401 without a token and 403 for an analyst, keeping nothing', async () => {
    const before = await leftovers();
    const anonymous = await upload(
      server,
      await form([{ file: clip, name: 'a.mp4' }], { type: '1' }),
      '',
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: MESSAGES.signInRequired });

    const analyst = await server.makeUser({ role: 'analyst' });
    const analystToken = await server.signIn(analyst);
    const refused = await upload(
      server,
      await form([{ file: clip, name: 'a.mp4' }], { type: '1' }),
      analystToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.forbidden });
    expect(await leftovers()).toEqual(before);
  });

  it("answers 404 for another company's project and 409 for a published one", async () => {
    const stranger = await server.makeUser({ role: 'administrator' });
    const theirs = await draftMovie(await server.signIn(stranger));
    const published = await draftMovie();
    await setPublished(server.db, published);
    const before = await leftovers();

    const notFound = await upload(
      server,
      await form([{ file: clip, name: 'a.mp4' }], { movieId: String(theirs), type: '1' }),
    );
    expect(notFound.status, notFound.text).toBe(404);
    expect(notFound.body).toEqual({ message: MESSAGES.projectNotFound });

    const missing = await upload(
      server,
      await form([{ file: clip, name: 'a.mp4' }], { movieId: '987654', type: '1' }),
    );
    expect(missing.status, missing.text).toBe(404);

    const conflict = await upload(
      server,
      await form([{ file: clip, name: 'a.mp4' }], { movieId: String(published), type: '1' }),
    );
    expect(conflict.status, conflict.text).toBe(409);
    expect(conflict.body).toEqual({ message: MESSAGES.projectPublished });
    expect(await leftovers()).toEqual(before);
  });

  it('answers 400 for a missing or invalid type', async () => {
    const before = await leftovers();
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /^type: /],
      [{ type: '3' }, /^type: /],
      [{ type: 'clip' }, /^type: /],
      [{ type: '1', view_mode: 'diagonal' }, /^view_mode: /],
    ];
    for (const [fields, message] of cases) {
      const response = await upload(server, await form([{ file: clip, name: 'a.mp4' }], fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.message, JSON.stringify(fields)).toMatch(message);
    }
    expect(await leftovers()).toEqual(before);
  });

  it('answers 400 with the spec message when no file is sent', async () => {
    const before = await leftovers();
    const fieldsOnly = await upload(server, await form([], { type: '1' }));
    expect(fieldsOnly.status).toBe(400);
    expect(fieldsOnly.body).toEqual({ message: MESSAGES.fileMissing });

    const otherPart = new FormData();
    otherPart.append('type', '1');
    otherPart.append('document', new Blob([new Uint8Array(await readFile(clip))]), 'clip.mp4');
    const wrongPart = await upload(server, otherPart);
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.body).toEqual({ message: MESSAGES.fileMissing });

    const json = await server.request('POST', UPLOAD, { token, body: { type: 1 } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: MESSAGES.fileMissing });
    expect(await leftovers()).toEqual(before);
  });

  it('answers 400 naming a zero-byte file', async () => {
    const before = await leftovers();
    const empty = path.join(clips, 'empty.mp4');
    await writeFile(empty, '');
    const response = await upload(
      server,
      await form([{ file: empty, name: 'empty.mp4' }], { type: '1' }),
    );
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toMatch(/^empty\.mp4: \S/);
    expect(response.body.message).toMatch(/empty/i);
    expect(await leftovers()).toEqual(before);
  });
});
