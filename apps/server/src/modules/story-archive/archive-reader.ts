import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ARCHIVE_LIMITS, ARCHIVE_MESSAGES, formatMessage } from '@plotline/core';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../errors.ts';

/**
 * Reads an uploaded story archive (a zip in a temporary file) entry by entry, never trusting its
 * headers: every entry's name is checked when the index is read, and every file taken out is
 * counted as it inflates, so a zip bomb or a lying header stops at a limit with a 400 rather than
 * filling the disk or the memory.
 */

const refuse = (message: string, values: Record<string, string | number> = {}) =>
  new AppError(400, formatMessage(message, values));

/** yauzl's refusals of an entry's name (it checks each one as the index is read). */
const UNSAFE_NAME =
  /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/;

/** yauzl's words when an entry inflates to more than its header says. */
const TOO_MANY_BYTES = /too many bytes in the stream/;

export interface OpenedArchive {
  /** The archive's files by name (folders left out). */
  entries: Map<string, Entry>;
  /** The entry's bytes, inflated, at most `limit` of them. */
  readBuffer(name: string, limit: number): Promise<Buffer>;
  /** Writes the entry, inflated, to `file`: at most `limit` bytes. */
  extract(name: string, file: string, limit: number): Promise<number>;
  close(): void;
}

/** Opens the zip and reads its index: the count, names and declared sizes of its entries. */
export async function openArchive(file: string): Promise<OpenedArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      strictFileNames: true,
      validateEntrySizes: true,
    });
  } catch {
    throw refuse(ARCHIVE_MESSAGES.notZip);
  }
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.entries) throw refuse(ARCHIVE_MESSAGES.tooManyEntries);
    const entries = await readIndex(zip);
    return withEntries(zip, entries);
  } catch (error) {
    zip.close();
    throw error;
  }
}

function readIndex(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let declared = 0;
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (name.endsWith('/')) return zip.readEntry();
      if (entries.has(name)) return reject(refuse(ARCHIVE_MESSAGES.duplicateEntry, { path: name }));
      if (entry.isEncrypted()) return reject(refuse(ARCHIVE_MESSAGES.encrypted, { path: name }));
      declared += entry.uncompressedSize;
      if (declared > ARCHIVE_LIMITS.expandedBytes) {
        return reject(refuse(ARCHIVE_MESSAGES.tooLarge, { limit: ARCHIVE_LIMITS.expandedBytes }));
      }
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => {
      const unsafe = UNSAFE_NAME.exec(error.message);
      reject(
        unsafe
          ? refuse(ARCHIVE_MESSAGES.unsafePath, { path: unsafe[1]! })
          : refuse(ARCHIVE_MESSAGES.corrupt, { path: 'its index', reason: error.message }),
      );
    });
    zip.readEntry();
  });
}

function withEntries(zip: ZipFile, entries: Map<string, Entry>): OpenedArchive {
  /** Inflated bytes of every entry read so far, against the archive's limit. */
  let expanded = 0;

  /**
   * Counts what an entry really inflates to: past its own limit, past the archive's, or far past
   * its compressed size (a bomb) it stops.
   */
  function counter(name: string, entry: Entry, limit: number): Transform {
    let bytes = 0;
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        expanded += chunk.length;
        if (bytes > limit)
          return done(refuse(ARCHIVE_MESSAGES.entryTooLarge, { path: name, limit }));
        if (expanded > ARCHIVE_LIMITS.expandedBytes) {
          return done(refuse(ARCHIVE_MESSAGES.tooLarge, { limit: ARCHIVE_LIMITS.expandedBytes }));
        }
        if (
          bytes > ARCHIVE_LIMITS.ratioGraceBytes &&
          bytes > entry.compressedSize * ARCHIVE_LIMITS.inflateRatio
        ) {
          return done(refuse(ARCHIVE_MESSAGES.bomb, { path: name }));
        }
        done(null, chunk);
      },
    });
  }

  async function open(name: string, limit: number): Promise<{ entry: Entry; stream: Readable }> {
    const entry = entries.get(name);
    if (!entry) throw refuse(ARCHIVE_MESSAGES.missingFile, { path: name });
    // The header's word first: a file declared too large is refused before a byte is inflated.
    if (entry.uncompressedSize > limit) {
      throw refuse(ARCHIVE_MESSAGES.entryTooLarge, { path: name, limit });
    }
    if (!entry.canDecodeFileData()) {
      throw refuse(ARCHIVE_MESSAGES.corrupt, { path: name, reason: 'unknown compression' });
    }
    try {
      return { entry, stream: await zip.openReadStreamPromise(entry) };
    } catch (error) {
      throw refuse(ARCHIVE_MESSAGES.corrupt, { path: name, reason: (error as Error).message });
    }
  }

  /** A failure of the zip's own stream (bad deflate data, a lying size) said as the archive's fault. */
  function inOurWords(name: string, error: unknown): unknown {
    if (error instanceof AppError) return error;
    const message = (error as Error).message ?? String(error);
    if (TOO_MANY_BYTES.test(message)) return refuse(ARCHIVE_MESSAGES.bomb, { path: name });
    return refuse(ARCHIVE_MESSAGES.corrupt, { path: name, reason: message });
  }

  return {
    entries,
    async readBuffer(name, limit) {
      const { entry, stream } = await open(name, limit);
      const chunks: Buffer[] = [];
      try {
        await pipeline(
          stream,
          counter(name, entry, limit),
          async (source: AsyncIterable<Buffer>) => {
            for await (const chunk of source) chunks.push(chunk);
          },
        );
      } catch (error) {
        throw inOurWords(name, error);
      }
      return Buffer.concat(chunks);
    },
    async extract(name, file, limit) {
      const { entry, stream } = await open(name, limit);
      let bytes = 0;
      const sizes = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(stream, counter(name, entry, limit), sizes, createWriteStream(file));
      } catch (error) {
        throw inOurWords(name, error);
      }
      return bytes;
    },
    close: () => zip.close(),
  };
}
