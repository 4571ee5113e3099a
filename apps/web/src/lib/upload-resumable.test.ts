import { ACCESS_TOKEN_HEADER, MESSAGES } from '@plotline/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeTusUpload } from '../test/fake-tus.ts';
import { signInAs } from '../test/fixtures.ts';
import { ApiError } from './api-client.ts';
import { useAppStore } from './app-store.ts';
import { uploadResumable } from './upload-resumable.ts';

vi.mock('tus-js-client', async (importOriginal) =>
  (await import('../test/fake-tus.ts')).fakeTusModule(importOriginal),
);

const schema = z.object({ movieId: z.number() });
const file = new File(['video bytes'], 'clip.mp4', { type: 'video/mp4' });

function lastUpload(): FakeTusUpload {
  const upload = FakeTusUpload.instances.at(-1);
  if (!upload) throw new Error('No upload was started');
  return upload;
}

beforeEach(() => {
  FakeTusUpload.instances = [];
});

describe('uploadResumable', () => {
  it("starts a tus upload of the file at the absolute endpoint with the session's token", async () => {
    signInAs();
    const done = uploadResumable('/api/v1.5/upload/tus', file, {
      schema,
      metadata: { filename: 'clip.mp4', movieId: undefined, view_mode: '', type: 1 },
    });

    const upload = lastUpload();
    await vi.waitFor(() => expect(upload.started).toBe(true));
    expect(upload.file).toBe(file);
    expect(upload.options.endpoint).toBe(`${window.location.origin}/api/v1.5/upload/tus`);
    expect(upload.options.headers).toEqual({ [ACCESS_TOKEN_HEADER]: 'token-1' });
    // Fields without a value are left out rather than sent empty.
    expect(upload.options.metadata).toEqual({ filename: 'clip.mp4', type: '1' });
    expect(upload.options.retryDelays?.length).toBeGreaterThan(0);

    upload.succeed({ data: { movieId: 12 } });
    await expect(done).resolves.toEqual({ movieId: 12 });
  });

  it('reports progress as whole percentages', async () => {
    const seen: number[] = [];
    const done = uploadResumable('/api/v1.5/upload/tus', file, {
      schema,
      metadata: {},
      onProgress: (percent) => seen.push(percent),
    });
    lastUpload().progress(0, 300);
    lastUpload().progress(100, 300);
    lastUpload().progress(300, 300);
    lastUpload().succeed({ data: { movieId: 1 } });
    await done;
    expect(seen).toEqual([0, 33, 100]);
  });

  it("throws the server's refusal as an ApiError with its message and status", async () => {
    const done = uploadResumable('/api/v1.5/upload/tus', file, { schema, metadata: {} });
    lastUpload().refuse(422, { message: MESSAGES.notAVideo });

    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MESSAGES.notAVideo, status: 422 });
  });

  it('falls back to the usual text when the connection is lost for good', async () => {
    const done = uploadResumable('/api/v1.5/upload/tus', file, { schema, metadata: {} });
    lastUpload().failNetwork();
    await expect(done).rejects.toMatchObject({ message: MESSAGES.somethingWentWrong, status: 0 });
  });

  it('ends the session when an upload with a token answers 401', async () => {
    signInAs();
    const done = uploadResumable('/api/v1.5/upload/tus', file, { schema, metadata: {} });
    lastUpload().refuse(401, { message: MESSAGES.sessionExpired });

    await expect(done).rejects.toThrow(MESSAGES.sessionExpired);
    expect(useAppStore.getState()).toMatchObject({ loggedIn: false, token: null });
  });

  it('rejects a completing reply whose data breaks the contract', async () => {
    const done = uploadResumable('/api/v1.5/upload/tus', file, { schema, metadata: {} });
    lastUpload().succeed({ data: { files: [] } });
    await expect(done).rejects.toBeInstanceOf(z.ZodError);
  });

  it('stops the upload when the signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadResumable('/api/v1.5/upload/tus', file, {
      schema,
      metadata: {},
      signal: controller.signal,
    });
    controller.abort();

    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastUpload().aborted).toBe(true);
  });
});
