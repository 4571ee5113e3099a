import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertSafeBlobKey,
  assertSafeBlobPrefix,
  LOCAL_MEDIA_ROUTE,
  type BlobStore,
} from './blob-store.ts';
import { scratchFolderName } from './scratch-folders.ts';

/** The S3_* settings: a bucket of an S3-compatible store, and how browsers reach its files. */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself, by region. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither uses the SDK's usual chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`, as most self-hosted stores want. */
  forcePathStyle: boolean;
  /** A CDN or public bucket address in front of the bucket; unset, the API streams the files. */
  publicUrl: string | undefined;
  /** Browsers get short-lived presigned URLs (through a redirect of the media route). */
  signedUrls: boolean;
}

/**
 * Each part of a streamed upload is held in memory while it is sent, `UPLOAD_QUEUE` at a time: an
 * upload holds at most PART_BYTES × UPLOAD_QUEUE (16 MiB) of its stream, whatever its size.
 */
export const PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_QUEUE = 2;
/** Files of a rendition folder sent at once: segments are small, so their round trips dominate. */
const DIRECTORY_CONCURRENCY = 4;
/** How long a presigned URL works; the media route's redirect is cached for less. */
export const SIGNED_URL_SECONDS = 3600;

export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 demands them: the SDK's newer default (trailing checksums on every
    // upload) is refused by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

function missingAsNull<T>(error: unknown): T | null {
  if (isMissing(error)) return null;
  throw error;
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'));
}

/**
 * The blob store on an S3-compatible bucket. Objects appear whole when their upload completes, so
 * writes are atomic as the interface asks. Files for tools (`withLocalFile`) are downloaded into
 * `scratchDir` and always removed after.
 */
export function createS3BlobStore(settings: S3Settings, scratchDir: string): BlobStore {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;

  const upload = async (key: string, body: Buffer | Readable) => {
    await new Upload({
      client,
      params: { Bucket, Key: key, Body: body },
      partSize: PART_BYTES,
      queueSize: UPLOAD_QUEUE,
    }).done();
  };

  const object = async (key: string, range?: { start: number; end: number }) => {
    assertSafeBlobKey(key);
    return client
      .send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      .catch(missingAsNull<never>);
  };

  return {
    async put(key, data) {
      assertSafeBlobKey(key);
      await upload(key, data);
    },
    async putFile(key, file) {
      assertSafeBlobKey(key);
      await upload(key, createReadStream(file));
      await rm(file, { force: true });
    },
    async putDirectory(prefix, dir) {
      assertSafeBlobPrefix(prefix);
      const files = await filesUnder(dir);
      const queue = [...files];
      const sendNext = async (): Promise<void> => {
        const file = queue.shift();
        if (file === undefined) return;
        const key = `${prefix}/${file}`;
        assertSafeBlobKey(key);
        await upload(key, createReadStream(path.join(dir, file)));
        await sendNext();
      };
      await Promise.all(Array.from({ length: DIRECTORY_CONCURRENCY }, sendNext));
      await rm(dir, { recursive: true, force: true });
    },
    async get(key) {
      const found = await object(key);
      return found?.Body ? Buffer.from(await found.Body.transformToByteArray()) : null;
    },
    async size(key) {
      assertSafeBlobKey(key);
      const head = await client
        .send(new HeadObjectCommand({ Bucket, Key: key }))
        .catch(missingAsNull<never>);
      return head ? (head.ContentLength ?? 0) : null;
    },
    async read(key, range) {
      const found = await object(key, range);
      return found ? (found.Body as Readable) : null;
    },
    async withLocalFile(key, work) {
      await mkdir(scratchDir, { recursive: true });
      const folder = path.join(scratchDir, scratchFolderName('blob'));
      await mkdir(folder);
      try {
        const found = await object(key);
        if (!found) {
          throw Object.assign(new Error(`ENOENT: no blob ${key}`), { code: 'ENOENT' });
        }
        const file = path.join(folder, path.basename(key));
        await pipeline(found.Body as Readable, createWriteStream(file));
        return await work(file);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async delete(key) {
      assertSafeBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      assertSafeBlobPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        // A page holds at most 1,000 keys, as many as one DeleteObjects call takes.
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((entry) => (entry.Key ? [entry.Key] : []));
        if (keys.length > 0) {
          await client.send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
            }),
          );
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    publicUrl(key) {
      assertSafeBlobKey(key);
      if (settings.publicUrl && !settings.signedUrls) return `${settings.publicUrl}/${key}`;
      return `${LOCAL_MEDIA_ROUTE}${key}`;
    },
    async ping() {
      await client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 1 }));
    },
    async signedUrl(key) {
      if (!settings.signedUrls) return null;
      assertSafeBlobKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: SIGNED_URL_SECONDS,
      });
    },
  };
}
