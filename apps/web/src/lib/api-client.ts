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
  /** The shape of the reply's `data`, checked so a drifting contract fails loudly here. */
  schema: z.ZodType<T>;
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

/**
 * Calls the API on the same origin with the session's token and returns the reply's `data`.
 * A 401 on a call that carried a token means the session is gone, so the session is cleared
 * and the route guards send the user to sign-in.
 */
export async function apiRequest<T>(path: string, request: ApiRequest<T>): Promise<T> {
  const token = useAppStore.getState().token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers[ACCESS_TOKEN_HEADER] = token;
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
    if (response.status === 401 && token) useAppStore.getState().signOut();
    const fallback =
      response.status >= 500 ? MESSAGES.serverWentWrong : MESSAGES.somethingWentWrong;
    throw new ApiError(messageOf(payload) ?? fallback, response.status);
  }
  const data = (payload as { data?: unknown } | undefined)?.data;
  return request.schema.parse(data);
}
