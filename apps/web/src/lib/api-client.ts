import { ACCESS_TOKEN_HEADER, MESSAGES } from '@plotline/core';
import type { z } from 'zod';
import { useAppStore } from './app-store.ts';

/** A failed call: `message` is the server's own `{message}` when it sent one. */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * The shape of the reply's `data` (of the whole reply for `apiWholeReply`), checked so a
   * drifting contract fails loudly here.
   */
  schema: z.ZodType<T>;
  /** The message of a failure whose reply carries none; by default it depends on the status. */
  fallbackMessage?: string;
}

/** A reply's `data` and its `message`: a few calls answer with a message code beside the data. */
export interface ApiReply<T> {
  data: T;
  message: string | undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('message' in payload)) return undefined;
  return typeof payload.message === 'string' ? payload.message : undefined;
}

const unavailableListeners = new Set<() => void>();

/**
 * Calls `listener` on every 503 the API answers (maintenance mode refuses writes so), whichever
 * call got it, uploads included; answers what stops it.
 */
export function onServiceUnavailable(listener: () => void): () => void {
  unavailableListeners.add(listener);
  return () => {
    unavailableListeners.delete(listener);
  };
}

/** The session's token header, for calls made without `apiRequest` (uploads). */
export function sessionHeaders(): Record<string, string> {
  const token = useAppStore.getState().token;
  return token ? { [ACCESS_TOKEN_HEADER]: token } : {};
}

/**
 * The error of a failed reply. A 401 on a call that carried a token means the session is gone, so
 * the session is cleared and the route guards send the user to sign-in. A 503 is told to those
 * listening (`onServiceUnavailable`).
 */
export function replyError(
  status: number,
  payload: unknown,
  sentToken: boolean,
  fallbackMessage?: string,
): ApiError {
  if (status === 401 && sentToken) useAppStore.getState().signOut();
  if (status === 503) for (const listener of unavailableListeners) listener();
  const fallback =
    fallbackMessage ?? (status >= 500 ? MESSAGES.serverWentWrong : MESSAGES.somethingWentWrong);
  return new ApiError(messageOf(payload) ?? fallback, status);
}

/** Calls the API on the same origin with the session's token and returns the reply's `data`. */
export async function apiRequest<T>(path: string, request: ApiRequest<T>): Promise<T> {
  return (await apiReply(path, request)).data;
}

/** Like `apiRequest`, and also hands back the reply's `message`. */
export async function apiReply<T>(path: string, request: ApiRequest<T>): Promise<ApiReply<T>> {
  const payload = await send(path, request);
  const data = (payload as { data?: unknown } | undefined)?.data;
  return { data: request.schema.parse(data), message: messageOf(payload) };
}

/**
 * The whole reply, checked against the schema: for the calls that answer something beside `data`
 * (every movie-plot call answers `{ data: nodes, version }`), where `apiRequest` does not look.
 */
export async function apiWholeReply<T>(path: string, request: ApiRequest<T>): Promise<T> {
  return request.schema.parse(await send(path, request));
}

/** Sends the call with the session's token; answers the reply's JSON, or throws its error. */
async function send(path: string, request: ApiRequest<unknown>): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...sessionHeaders() };
  const sentToken = ACCESS_TOKEN_HEADER in headers;
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, 0);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    throw replyError(response.status, payload, sentToken, request.fallbackMessage);
  }
  return payload;
}
