import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import yauzl from 'yauzl';
import yazl from 'yazl';
import {
  bannerImages,
  contentLanguages,
  movieContents,
  moviePlots,
  movies,
} from '../db/schema/index.ts';
import type { Envelope, TestResponse, TestServer } from './test-server.ts';

/* The story archive tests' tools: zips made and read in memory, and what an import may write. */

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Deflated (the default) or stored. */
  compress?: boolean;
}

/** A zip of these entries, as any zip tool would write it. */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.data, entry.name, { compress: entry.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  const out = zip.outputStream.pipe(new PassThrough());
  for await (const chunk of out) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file of a zip by name. */
export async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: false });
  const entries = new Map<string, Buffer>();
  for await (const entry of file.eachEntry()) {
    const stream = await file.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  file.close();
  return entries;
}

/**
 * The zip with every occurrence of a name's bytes replaced by another of the same length, in its
 * local and central headers alike: how a test writes names (`../x`, `/etc`) zip tools refuse to,
 * or sizes they would not declare.
 */
export function patched(zip: Buffer, from: Buffer | string, to: Buffer | string): Buffer {
  const [a, b] = [Buffer.from(from), Buffer.from(to)];
  if (a.length !== b.length) throw new Error('patch of another length');
  const out = Buffer.from(zip);
  let at = out.indexOf(a);
  if (at < 0) throw new Error(`nothing to patch: ${String(from)}`);
  while (at >= 0) {
    b.copy(out, at);
    at = out.indexOf(a, at + b.length);
  }
  return out;
}

/**
 * The zip with the uncompressed size its local and central headers declare for `name` set to
 * `size`: a header that lies about what an entry inflates to.
 */
export function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (const [signature, nameAt, sizeAt] of [
    [0x04034b50, 30, 22],
    [0x02014b50, 46, 24],
  ] as const) {
    for (let at = 0; at < out.length - 4; at += 1) {
      if (out.readUInt32LE(at) !== signature) continue;
      if (out.subarray(at + nameAt, at + nameAt + nameBytes.length).equals(nameBytes)) {
        out.writeUInt32LE(size, at + sizeAt);
      }
    }
  }
  return out;
}

/** Posts an archive to the import call, as the studio's upload would. */
export async function postArchive(
  server: TestServer,
  token: string,
  zip: Buffer,
  name = 'story.zip',
): Promise<TestResponse<Envelope<{ movieId: number; title: string; items: number }>>> {
  const body = new FormData();
  body.append('uploads', new Blob([zip]), name);
  return server.request('POST', '/api/movie/import', { token, rawBody: body });
}

/** Downloads a project's archive. */
export async function exportOf(server: TestServer, token: string, movieId: number) {
  const response = await fetch(`${server.baseUrl}/api/movie/${movieId}/export`, {
    headers: { 'x-access-token': token },
  });
  return { response, zip: Buffer.from(await response.arrayBuffer()) };
}

/**
 * Everything an import may write: rows of the project's tables, blobs, queued jobs, and the
 * scratch files of requests and archives being unpacked.
 */
export async function writtenState(server: TestServer) {
  const rows = async (table: PgTable) => {
    const [row] = await server.db.select({ rows: count() }).from(table);
    return row!.rows;
  };
  // Drizzle types execute()'s rows loosely over PGlite and PostgreSQL alike.
  const jobs = (await server.db.execute(sql`select count(*)::int as jobs from pgboss.job`)) as {
    rows: { jobs: number }[];
  };
  const scratch = async (folder: string) =>
    (await readdir(path.join(server.workDir, folder)).catch(() => [])).length;
  return {
    movies: await rows(movies),
    contents: await rows(movieContents),
    languages: await rows(contentLanguages),
    plots: await rows(moviePlots),
    banners: await rows(bannerImages),
    blobs: (await server.blobKeys('')).length,
    jobs: jobs.rows[0]!.jobs,
    importing: await scratch('import'),
    incoming: await scratch('incoming'),
  };
}
