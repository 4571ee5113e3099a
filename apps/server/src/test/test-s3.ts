import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Context, Next } from 'koa';
import S3rver from 's3rver';
import { s3ClientConfig, type S3Settings } from '../adapters/s3-blob-store.ts';

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/**
 * The multipart calls s3rver lacks and @tus/s3-store makes (ListParts to resume an upload,
 * AbortMultipartUpload and ListMultipartUploads to drop one), answered from the folders in which
 * s3rver keeps an upload's parts.
 */
function multipartCalls(server: S3rver) {
  const store = (
    server as unknown as { store: { getResourcePath(b: string, k: undefined, r: string): string } }
  ).store;
  const uploadsOf = (bucket: string) => store.getResourcePath(bucket, undefined, 'uploads');
  return async (ctx: Context, next: Next) => {
    const [bucket, ...keyParts] = ctx.path.slice(1).split('/');
    const uploadId = ctx.query.uploadId;
    if (bucket && keyParts.length > 0 && typeof uploadId === 'string' && !ctx.query.partNumber) {
      const dir = path.join(uploadsOf(bucket), uploadId);
      if (ctx.method === 'DELETE') {
        await rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      if (ctx.method === 'GET') {
        const names = await readdir(dir).catch(() => null);
        if (!names) {
          ctx.status = 404;
          ctx.type = 'application/xml';
          ctx.body = xml(
            '<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>',
          );
          return;
        }
        const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number);
        const parts = await Promise.all(
          numbers
            .sort((a, b) => a - b)
            .map(async (number) => {
              const file = path.join(dir, String(number));
              const md5 = await readFile(`${file}.md5`, 'utf8');
              const { size } = await stat(file);
              return `<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
            }),
        );
        ctx.type = 'application/xml';
        ctx.body = xml(
          `<ListPartsResult><Bucket>${bucket}</Bucket><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
        );
        return;
      }
    }
    if (bucket && keyParts.length === 0 && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const ids = await readdir(uploadsOf(bucket)).catch(() => []);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const dir = path.join(uploadsOf(bucket), id);
          const key = await readFile(path.join(dir, 'key'), 'utf8');
          const { mtime } = await stat(dir);
          return `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${mtime.toISOString()}</Initiated></Upload>`;
        }),
      );
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      );
      return;
    }
    await next();
  };
}

export interface TestS3 {
  endpoint: string;
  /** Where the server keeps its objects' bytes, one file each. */
  directory: string;
  /** The settings of a new, empty bucket of this server. */
  newBucket(overrides?: Partial<S3Settings>): Promise<S3Settings>;
  close(): Promise<void>;
}

/** An S3-protocol server (s3rver) on a free loopback port, its objects in a folder of its own. */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'plotline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  // Before s3rver's own router, which would refuse these calls.
  (server as unknown as { middleware: unknown[] }).middleware.unshift(multipartCalls(server));
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const base: S3Settings = {
    bucket: '',
    endpoint,
    region: 'us-east-1',
    ...CREDENTIALS,
    forcePathStyle: true,
    publicUrl: undefined,
    signedUrls: false,
  };
  const client = new S3Client(s3ClientConfig({ ...base, bucket: 'unused' }));
  return {
    endpoint,
    directory,
    async newBucket(overrides = {}) {
      const bucket = `plotline-${randomUUID()}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { ...base, bucket, ...overrides };
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Every key of the bucket under `prefix`, sorted. */
export async function listObjectKeys(settings: S3Settings, prefix: string): Promise<string[]> {
  const client = new S3Client(s3ClientConfig(settings));
  const keys: string[] = [];
  try {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, ContinuationToken }),
      );
      keys.push(...(page.Contents ?? []).flatMap((entry) => (entry.Key ? [entry.Key] : [])));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  } finally {
    client.destroy();
  }
  return keys.sort();
}
