import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCESS_TOKEN_HEADER, type CompanyType, type Role, type UserStatus } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { createLocalBlobStore } from '../adapters/blob-store.ts';
import type { S3Settings } from '../adapters/s3-blob-store.ts';
import { ManualClock } from '../adapters/clock.ts';
import type { Ffmpeg } from '../adapters/ffmpeg/ffmpeg.ts';
import { createOutboxMailer } from '../adapters/mailer.ts';
import { createArgon2Hasher, type PasswordHasher } from '../adapters/password-hasher.ts';
import { buildApp, type AppDeps } from '../app.ts';
import type { IdentityProviderConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createCompaniesRepository } from '../modules/companies/companies.repository.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { TEST_QUEUE_TIMING, testFfmpeg } from './test-media-pipeline.ts';
import { openTestDatabase, releaseTestDatabase } from './test-database.ts';
import { refuseInSmallTier } from './test-tier.ts';

/** An API answer's body: its `data`, and the `message` of a refusal. */
export type Envelope<T> = { data: T; message?: string };

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for malformed or multipart bodies. */
  rawBody?: string | FormData;
  token?: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  to: string;
  subject: string;
  /** The first link to the studio in the mail. */
  link: string | null;
  text: string;
  html: string;
}

let sequence = 0;

/**
 * TEST_BLOB_STORE=s3 (`npm run test:s3`): the app keeps media, and resumable uploads, in a bucket
 * of a local S3 server rather than in a folder; the storage tests run once more that way.
 */
const blobStoreKind = process.env.TEST_BLOB_STORE === 's3' ? 's3' : 'local';

/**
 * argon2id at its lowest cost, the test server's: what the API tests try does not depend on the
 * cost, and the production cost (adapters/password-hasher.medium.test.ts) takes up to a second a hash on a
 * busy machine, which made the sign-in and account tests the slowest of the server's.
 */
export const cheapHasher = createArgon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

/**
 * The real app on a fresh database, listening on a free loopback port, with a clock the test moves,
 * mails written to an outbox folder of its own and uploads to a blob folder of its own.
 * TRUST_PROXY is on so a test can speak for several client IPs through X-Forwarded-For.
 */
export async function startTestServer(
  options: {
    webRoot?: string | null;
    playerRoot?: string | null;
    routes?: (app: FastifyInstance) => void;
    /** Transcode jobs run in this process at once; none by default, so jobs wait in the queue. */
    transcodeWorkers?: number;
    uploadLimitBytes?: number;
    ffmpeg?: Ffmpeg;
    /** Another server's database (see connectAgain), for tests of processes that share one. */
    database?: DatabaseHandle;
    /** Hashes the app's passwords and those of makeUser; cheapHasher unless given. */
    hasher?: PasswordHasher;
    /** MAINTENANCE=true: maintenance mode held on. */
    maintenanceForced?: boolean;
    /** The terms page's Markdown file (TERMS_FILE); the shipped template unless given. */
    termsFile?: string;
    /** The identity providers offered (see oidc-issuers.ts for local ones); none unless given. */
    identityProviders?: IdentityProviderConfig[];
    /** METRICS_TOKEN: metrics at /metrics; none unless given. */
    metricsToken?: string;
    /** TRUST_PROXY; on unless given (see above). */
    trustProxy?: boolean;
    /** Errors only, to the standard output, unless given (a test reading the log lines). */
    logger?: AppDeps['logger'];
    /** The blob store's folder, kept on close; a scratch folder of the server's own unless given. */
    blobsDir?: string;
    /** Media on a bucket of a local S3 server with these settings, whatever TEST_BLOB_STORE says. */
    s3?: Partial<S3Settings>;
  } = {},
) {
  refuseInSmallTier('an HTTP server');
  const hasher = options.hasher ?? cheapHasher;
  const database = options.database ?? (await openTestDatabase());
  // A database of the server's own goes back to the worker's pool; one the caller gave is closed.
  const releaseDatabase = options.database
    ? () => database.close()
    : () => releaseTestDatabase(database);
  const clock = new ManualClock();
  const scratch = await mkdtemp(path.join(tmpdir(), 'plotline-test-'));
  const outbox = path.join(scratch, 'outbox');
  const blobsDir = options.blobsDir ?? path.join(scratch, 'blobs');
  const workDir = path.join(scratch, 'work');
  const onS3 = options.s3 !== undefined || (blobStoreKind === 's3' && !options.blobsDir);
  // The local S3 server and the AWS SDK are loaded only by tests on S3: most files never need them.
  const testS3 = onS3 ? await import('./test-s3.ts') : null;
  const s3Server = testS3 ? await testS3.startTestS3() : null;
  const s3 = s3Server ? await s3Server.newBucket(options.s3) : null;
  const blobs = s3
    ? (await import('../adapters/s3-blob-store.ts')).createS3BlobStore(
        s3,
        path.join(workDir, 'lent'),
      )
    : createLocalBlobStore(blobsDir);
  const publicUrl = 'http://studio.test';
  const { app, services } = await buildApp({
    database,
    jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256',
    webRoot: options.webRoot ?? null,
    playerRoot: options.playerRoot ?? null,
    publicUrl,
    mailer: createOutboxMailer(outbox, 'Plotline <no-reply@plotline.test>', { info: () => {} }),
    blobs,
    s3,
    ffmpeg: options.ffmpeg ?? (await testFfmpeg()),
    workDir,
    transcodeWorkers: options.transcodeWorkers ?? 0,
    queueTiming: TEST_QUEUE_TIMING,
    uploadLimitBytes: options.uploadLimitBytes,
    clock,
    hasher,
    maintenanceForced: options.maintenanceForced,
    termsFile: options.termsFile,
    identityProviders: options.identityProviders,
    identityProviderTimeoutSeconds: 2,
    trustProxy: options.trustProxy ?? true,
    logger: options.logger ?? { level: 'error' },
    metricsToken: options.metricsToken,
  });
  options.routes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const users = createUsersRepository(database.db);
  const companies = createCompaniesRepository(database.db);

  async function request<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    { body, rawBody, token, headers = {} }: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const response = await fetch(baseUrl + pathname, {
      method,
      headers: {
        ...(body !== undefined || typeof rawBody === 'string'
          ? { 'content-type': 'application/json' }
          : {}),
        ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
        ...headers,
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json'))
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  async function makeCompany(fields: { type?: CompanyType; name?: string } = {}) {
    sequence += 1;
    return companies.insertCompany({
      name: fields.name ?? `Company ${sequence}`,
      type: fields.type ?? 'company',
    });
  }

  /** A user of the given role, in a new company of the given type unless staff; with a password. */
  async function makeUser(
    fields: {
      role?: Role;
      companyType?: CompanyType | null;
      companyId?: number;
      email?: string;
      password?: string | null;
      name?: string | null;
      status?: UserStatus;
    } = {},
  ) {
    sequence += 1;
    const role = fields.role ?? 'administrator';
    const companyType = fields.companyType === undefined ? 'company' : fields.companyType;
    const password = fields.password === undefined ? `password-${sequence}` : fields.password;
    const email = fields.email ?? `user${sequence}@example.com`;
    const companyId =
      fields.companyId ?? (companyType ? await makeCompany({ type: companyType }) : null);
    const id = await users.insertUser({
      email,
      role,
      companyId,
      name: fields.name === undefined ? `User ${sequence}` : fields.name,
      passwordHash: password === null ? null : await hasher.hash(password),
      status: fields.status ?? (password === null ? 'invited' : 'active'),
    });
    return { id, email, password: password ?? '', role, companyId };
  }

  /** Signs in through the API and answers the token. */
  async function signIn(user: { email: string; password: string }, remember = false) {
    const response = await request<{ data: { token: string } }>('POST', '/api/v1.6/auth/login', {
      body: { username: user.email, password: user.password, remember },
    });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${response.text}`);
    return response.body.data.token;
  }

  /** The mails written so far, oldest first. */
  async function mails(): Promise<SentMail[]> {
    const files = (await readdir(outbox).catch(() => [])).sort();
    return Promise.all(
      files.map(async (file) => {
        const parsed = await simpleParser(await readFile(path.join(outbox, file)));
        const text = parsed.text ?? '';
        return {
          to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '',
          subject: parsed.subject ?? '',
          link: text.split(/\s+/).find((word) => word.startsWith(publicUrl)) ?? null,
          text,
          html: typeof parsed.html === 'string' ? parsed.html : '',
        };
      }),
    );
  }

  /** The newest mail to an address. */
  async function lastMailTo(address: string): Promise<SentMail> {
    const mail = (await mails()).filter((m) => m.to === address.toLowerCase()).at(-1);
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  }

  /** Every file of the store under `folder` ('' for all), as paths relative to it, sorted. */
  async function blobKeys(folder: string): Promise<string[]> {
    if (s3 && testS3) {
      const prefix = folder ? `${folder}/` : '';
      return (await testS3.listObjectKeys(s3, prefix)).map((key) => key.slice(prefix.length));
    }
    const dir = path.join(blobsDir, folder);
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  }

  return {
    baseUrl,
    publicUrl,
    /** The app's blob store: a folder, or a bucket with TEST_BLOB_STORE=s3. */
    blobs,
    blobKeys,
    /** What resumable uploads keep between requests: files in work/tus, or objects under tus/. */
    tusEntries: () =>
      s3
        ? blobKeys('tus')
        : readdir(path.join(workDir, 'tus'))
            .then((names) => names.sort())
            .catch(() => []),
    /** The local store's folder (empty with TEST_BLOB_STORE=s3); tests of the store use `blobs`. */
    blobsDir,
    /** Where the blobs' bytes lie on disk: the local store's folder, or the local S3 server's. */
    blobFilesDir: s3Server?.directory ?? blobsDir,
    /** The app's scratch files, to check what an upload or a transcode left behind. */
    workDir,
    database,
    clock,
    db: database.db,
    services,
    request,
    makeCompany,
    makeUser,
    signIn,
    mails,
    lastMailTo,
    async close() {
      // Every request of the test has had its whole answer by now. A streamed answer (a media
      // file) may still count its connection as busy for a moment after its last byte, and Node's
      // close leaves such a connection open until its keep-alive ends (72 s in Fastify), so the
      // connections are ended here rather than waited for.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await releaseDatabase();
      await s3Server?.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
