import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { FfmpegBinaries } from '../adapters/ffmpeg/resolve-ffmpeg.ts';
import { testFfmpegBinaries } from './test-media-pipeline.ts';
import {
  makeTestClip,
  makeTestMedia,
  makeTestPicture,
  tenBitMovSpec,
  testClipArguments,
  testPictureArguments,
  type TestClipSpec,
} from './test-media.ts';

/*
 * The clips and pictures tests need, each made once and shared by every test file, worker and run:
 * a file is named by a hash of the ffmpeg that makes it (its path and version) and of its
 * arguments, and kept with its sha256 beside it. A file whose hash is missing or differs is made
 * again. A file is written under a name of its own and renamed into place, so that two workers or
 * processes making it at once never read half of one.
 *
 * What `testClip`, `testPicture` and `testMedia` answer is shared: read it, never change or move it.
 * A test that changes its file, or hands it to what moves it (the blob store's putFile), takes a
 * copy with `copyTestClip` or `copyTestPicture`.
 */

export interface FixtureOptions {
  /** The ffmpeg that makes the file; the machine's (testFfmpegBinaries) unless given. */
  binaries?: FfmpegBinaries;
  /** Where the files are kept; `mediaCacheFolder()` unless given. */
  folder?: string;
}

export interface TestClipFixture extends TestClipSpec {
  /** The file's extension, which names the container unless `outputArgs` do; mp4 unless given. */
  extension?: string;
}

const CHECKOUT_CACHE = fileURLToPath(
  new URL('../../../../node_modules/.cache/plotline-media/', import.meta.url),
);

let cacheFolder: Promise<string> | undefined;
/** The checkout's node_modules/.cache/plotline-media, or the OS temp folder's when it is read-only. */
export function mediaCacheFolder(): Promise<string> {
  cacheFolder ??= mkdir(CHECKOUT_CACHE, { recursive: true })
    .then(() => writeFile(path.join(CHECKOUT_CACHE, '.writable'), ''))
    .then(
      () => CHECKOUT_CACHE,
      async () => {
        const fallback = path.join(tmpdir(), 'plotline-media');
        await mkdir(fallback, { recursive: true });
        return fallback;
      },
    );
  return cacheFolder;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Whether `file` is there and its hash is the one written beside it. */
async function isIntact(file: string): Promise<boolean> {
  const expected = await readFile(`${file}.sha256`, 'utf8').catch(() => null);
  if (expected === null) return false;
  return (await sha256Of(file).catch(() => null)) === expected;
}

/** Writes `file` under a name of its own, then renames it into place. */
async function writeAtomically(
  file: string,
  write: (partial: string) => Promise<void>,
): Promise<void> {
  // The extension stays last: ffmpeg picks the format by it.
  const partial = path.join(
    path.dirname(file),
    `${randomUUID()}.partial${path.extname(file) || '.txt'}`,
  );
  try {
    await write(partial);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** A file ffmpeg makes: the arguments it runs with (but the file), and how to make it. */
interface Recipe {
  args: readonly string[];
  extension: string;
  make: (binaries: FfmpegBinaries, file: string) => Promise<void>;
}

/** Files being made or checked in this process: callers asking for one at once share the work. */
const pending = new Map<string, Promise<string>>();

async function fixture(
  { args, extension, make }: Recipe,
  { binaries, folder }: FixtureOptions = {},
): Promise<string> {
  const tools = binaries ?? (await testFfmpegBinaries());
  const key = createHash('sha256')
    .update(JSON.stringify([tools.ffmpeg, tools.ffmpegVersion, args, extension]))
    .digest('hex');
  const file = path.join(folder ?? (await mediaCacheFolder()), `${key}.${extension}`);
  let made = pending.get(file);
  if (!made) {
    made = makeUnlessIntact(file, (partial) => make(tools, partial)).finally(() =>
      pending.delete(file),
    );
    pending.set(file, made);
  }
  return made;
}

async function makeUnlessIntact(
  file: string,
  make: (partial: string) => Promise<void>,
): Promise<string> {
  if (await isIntact(file)) return file;
  let digest = '';
  await writeAtomically(file, async (partial) => {
    await make(partial);
    digest = await sha256Of(partial);
  });
  await writeAtomically(`${file}.sha256`, (partial) => writeFile(partial, digest));
  return file;
}

/**
 * The file ffmpeg writes when run with `args` then a file of `extension` (without the dot).
 * Shared: read it, never change or move it.
 */
export function testMedia(
  args: readonly string[],
  extension: string,
  options?: FixtureOptions,
): Promise<string> {
  return fixture(
    { args, extension, make: (binaries, file) => makeTestMedia(binaries, file, args) },
    options,
  );
}

/** A clip of `spec` (test-media.ts's makeTestClip), shared: read it, never change or move it. */
export function testClip(
  { extension = 'mp4', ...spec }: TestClipFixture,
  options?: FixtureOptions,
): Promise<string> {
  return fixture(
    {
      args: testClipArguments(spec),
      extension,
      make: (binaries, file) => makeTestClip(binaries, file, spec),
    },
    options,
  );
}

/** A copy of the clip of `spec` at `file`, whose extension it takes: the caller's to change. */
export async function copyTestClip(
  spec: TestClipSpec,
  file: string,
  options?: FixtureOptions,
): Promise<string> {
  await copyFile(await testClip({ ...spec, extension: extensionOf(file) }, options), file);
  return file;
}

/** A 10-bit .mov as phones make them (test-media.ts's tenBitMovSpec), shared, and its codec. */
export async function testTenBitMov(
  spec: Omit<TestClipSpec, 'outputArgs'>,
  options: FixtureOptions = {},
): Promise<{ file: string; codec: 'hevc' | 'h264' }> {
  const binaries = options.binaries ?? (await testFfmpegBinaries());
  const mov = await tenBitMovSpec(binaries, spec);
  return {
    file: await testClip({ ...mov.spec, extension: 'mov' }, { ...options, binaries }),
    codec: mov.codec,
  };
}

/** A still of ffmpeg's test pattern in the format `extension` names, shared: read it only. */
export function testPicture(
  size: { width: number; height: number },
  extension: string,
  options?: FixtureOptions,
): Promise<string> {
  return fixture(
    {
      args: testPictureArguments(size),
      extension,
      make: (binaries, file) => makeTestPicture(binaries, file, size),
    },
    options,
  );
}

/** A copy of the still of `size` at `file`, in the format its extension names: the caller's. */
export async function copyTestPicture(
  size: { width: number; height: number },
  file: string,
  options?: FixtureOptions,
): Promise<string> {
  await copyFile(await testPicture(size, extensionOf(file), options), file);
  return file;
}

function extensionOf(file: string): string {
  const extension = path.extname(file).slice(1);
  if (!extension) throw new Error(`${file}: a copy needs an extension, which names its format`);
  return extension;
}
