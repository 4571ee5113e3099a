/**
 * A failure the caller can act on, with the HTTP status that says so. Services throw it; the error
 * handler turns it into `{ message }`. Anything else that escapes is a bug and answers 500.
 */
export class AppError extends Error {
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
