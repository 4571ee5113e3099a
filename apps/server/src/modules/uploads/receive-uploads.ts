import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES, UPLOAD_PART } from '@plotline/core';
import type { FastifyRequest } from 'fastify';
import { scratchFolderName } from '../../adapters/scratch-folders.ts';
import { AppError } from '../../errors.ts';
import { findNul, NUL_REFUSED } from '../../http/nul-guard.ts';

/** A file of the request, written to a temporary file of its own. */
export interface ReceivedFile {
  /** As the client named it: for display only, never a path. */
  clientName: string;
  path: string;
  bytes: number;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
  /** Removes the temporary files that were not moved elsewhere. */
  discard(): Promise<void>;
}

export interface ReceiveOptions {
  /** Where the temporary files go: beside the local store, so storing them is a rename. */
  dir: string;
  /** Total bytes of all files; reaching it refuses the request with the spec's message. */
  limitBytes: number;
  maxFiles: number;
}

/** Room for boundaries, part headers and the small fields beside the files. */
const MULTIPART_OVERHEAD_BYTES = 1_048_576;

/** Counts what passes and fails the stream once the request's files reach the limit. */
function byteCounter(state: { total: number }, limitBytes: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      state.total += chunk.length;
      if (state.total >= limitBytes) done(new AppError(413, MESSAGES.uploadTooLarge));
      else done(null, chunk);
    },
  });
}

/**
 * Streams the multipart files of `request` (parts named `uploads`) to temporary files, never holding
 * one in memory, and collects the text fields. A request over the limit — declared by its length, or
 * found while counting — is refused with the spec's message; a refused, failed or aborted request
 * leaves no file behind.
 */
export async function receiveUploads(
  request: FastifyRequest,
  { dir, limitBytes, maxFiles }: ReceiveOptions,
): Promise<ReceivedUpload> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared >= limitBytes + MULTIPART_OVERHEAD_BYTES) {
    throw new AppError(413, MESSAGES.uploadTooLarge);
  }
  if (!request.isMultipart()) throw new AppError(400, MESSAGES.fileMissing);

  await mkdir(dir, { recursive: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.map((file) => rm(file, { force: true })));
  };
  const counted = { total: 0 };

  try {
    const parts = request.parts({
      // The total is counted below; no single file may be larger than it either.
      limits: {
        files: maxFiles,
        fileSize: limitBytes,
        fields: 20,
        fieldSize: 10_000,
        parts: maxFiles + 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== UPLOAD_PART) {
        part.file.resume();
        continue;
      }
      // Named by process: another API process on this DATA_DIR may be starting, and it removes
      // only the files of processes that are gone.
      const file = path.join(dir, scratchFolderName('upload'));
      written.push(file);
      const before = counted.total;
      await pipeline(part.file, byteCounter(counted, limitBytes), createWriteStream(file));
      files.push({ clientName: part.filename, path: file, bytes: counted.total - before });
    }
  } catch (error) {
    await discard();
    throw inOurWords(error) ?? interrupted(error) ?? error;
  }
  const withNul =
    findNul(fields, 'fields') ??
    findNul(
      files.map((file) => file.clientName),
      'filename',
    );
  if (withNul !== null) {
    await discard();
    throw new AppError(400, `${withNul}: ${NUL_REFUSED}`);
  }
  if (files.length === 0) throw new AppError(400, MESSAGES.fileMissing);
  return { files, fields, discard };
}

/** @fastify/multipart's refusals of oversized files and extra parts, said in our words. */
function inOurWords(error: unknown): AppError | null {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, MESSAGES.uploadTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, (error as Error).message);
  }
  return null;
}

/** A body that stops inside a part (the client went away, or sent a cut-off form): the client's doing. */
function interrupted(error: unknown): AppError | null {
  const { code, message } = error as { code?: string; message?: string };
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    message === 'aborted' ||
    /unexpected end of (multipart data|form)/i.test(message ?? '')
  ) {
    return new AppError(400, MESSAGES.uploadIncomplete);
  }
  return null;
}
