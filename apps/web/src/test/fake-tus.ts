import type * as tus from 'tus-js-client';

type TusModule = typeof tus;
type UploadOptions = ConstructorParameters<TusModule['Upload']>[1];

let DetailedError: TusModule['DetailedError'];

function response(status: number, body: unknown): tus.HttpResponse {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => text,
    getUnderlyingObject: () => undefined,
  };
}

/**
 * A stand-in for tus-js-client's `Upload`, the boundary of resumable uploads: it records the file and
 * the options it was made with and lets a test report progress, complete or fail the upload.
 */
export class FakeTusUpload {
  static instances: FakeTusUpload[] = [];
  started = false;
  aborted = false;

  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    FakeTusUpload.instances.push(this);
  }

  /** No earlier upload to continue (upload-resumable.reload.test.ts drives the real one). */
  findPreviousUploads() {
    return Promise.resolve([]);
  }

  start() {
    this.started = true;
  }

  abort() {
    this.aborted = true;
    return Promise.resolve();
  }

  progress(sent: number, total: number) {
    this.options.onProgress?.(sent, total);
  }

  /** The last PATCH answered with this body. */
  succeed(body: unknown) {
    this.options.onSuccess?.({ lastResponse: response(204, body) });
  }

  /** The server refused the upload with this status and body. */
  refuse(status: number, body: unknown) {
    const error = new DetailedError('tus: unexpected response');
    error.originalResponse = response(status, body);
    this.options.onError?.(error);
  }

  /** The connection failed and the retries ran out. */
  failNetwork() {
    this.options.onError?.(new DetailedError('tus: failed to upload chunk'));
  }
}

/**
 * The module to put in place of tus-js-client:
 * `vi.mock('tus-js-client', (importOriginal) => fakeTusModule(importOriginal))`.
 */
export async function fakeTusModule(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as TusModule;
  DetailedError = actual.DetailedError;
  FakeTusUpload.instances = [];
  return { ...actual, Upload: FakeTusUpload };
}
