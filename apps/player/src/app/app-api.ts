import type { AppFeed, AppPlatform, WatchData } from '@plotline/core';
import { VIEWER_TOKEN_HEADER } from '@plotline/core/app-channel';
import type { Language } from '../i18n/texts.ts';
import type { SendViewEvents } from '../view-events/view-event-log.ts';

/** Where the app keeps its viewer: the token its calls carry, and who it was registered as. */
export const VIEWER_KEY = 'plotline:app:viewer';

const API = '/api/app/v1';

interface KeptViewer {
  token: string;
  platform: AppPlatform;
  language: Language;
}

export type ApiResult<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'not-found' }
  /** Not answered (`status` null: offline), or answered with another failure. */
  | { kind: 'failed'; status: number | null };

export interface AppApiOptions {
  platform: AppPlatform;
  language: Language;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  fetch?: typeof globalThis.fetch;
}

/**
 * The App API as the reference app calls it: the device registers as an anonymous viewer once
 * (`POST /viewer`) and keeps the token; every later call carries it in `x-viewer-token`. A 401
 * (a viewer the server does not know, e.g. after a database reset) registers again, once, and
 * repeats the call. A new platform or language (`?platform=`, `?language=`) is a new viewer.
 */
export class AppApi {
  private readonly fetch: typeof globalThis.fetch;
  private token: string | null;
  private registering: Promise<string> | null = null;

  constructor(private readonly options: AppApiOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.token = this.keptToken();
  }

  feed(page: number, perPage: number): Promise<ApiResult<AppFeed>> {
    return this.read<AppFeed>(`${API}/feed?page=${page}&perPage=${perPage}`);
  }

  project(slug: string): Promise<ApiResult<WatchData>> {
    return this.read<WatchData>(`${API}/project/${encodeURIComponent(slug)}`);
  }

  /**
   * The player's event sender for `slug`: each batch with the project's slug, posted with the
   * viewer's token. Never a beacon, which cannot carry the header: a keepalive fetch outlives the
   * page as a beacon does. Best effort, as on /watch: failures are dropped.
   */
  eventsSender(slug: string): SendViewEvents {
    return (batch) => {
      void this.call(`${API}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...batch, slug }),
        keepalive: true,
      }).catch(() => {});
    };
  }

  private async read<T>(url: string): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await this.call(url, { headers: { accept: 'application/json' } });
    } catch {
      return { kind: 'failed', status: null };
    }
    if (response.status === 404) return { kind: 'not-found' };
    try {
      const body = (await response.json()) as { data?: T };
      if (response.ok && body.data) return { kind: 'ok', data: body.data };
    } catch {
      // Not the data: a failure all the same.
    }
    return { kind: 'failed', status: response.status };
  }

  /** A call with the viewer's token; registered first when there is none, again on a 401. */
  private async call(url: string, init: RequestInit): Promise<Response> {
    const send = (token: string) =>
      this.fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), [VIEWER_TOKEN_HEADER]: token },
        credentials: 'omit',
      });
    const token = this.token ?? (await this.register());
    const response = await send(token);
    if (response.status !== 401) return response;
    // Only the first call to find the token unknown registers; the others wait for it.
    if (this.token === token) this.token = null;
    return send(this.token ?? (await this.register()));
  }

  private register(): Promise<string> {
    this.registering ??= this.registerViewer().finally(() => (this.registering = null));
    return this.registering;
  }

  private async registerViewer(): Promise<string> {
    const { platform, language, storage } = this.options;
    const response = await this.fetch(`${API}/viewer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ platform, language }),
      credentials: 'omit',
    });
    const body = (await response.json().catch(() => null)) as {
      data?: { token?: unknown };
    } | null;
    const token = body?.data?.token;
    if (!response.ok || typeof token !== 'string') {
      throw new Error(`The app could not register its viewer (${response.status})`);
    }
    this.token = token;
    try {
      storage?.setItem(VIEWER_KEY, JSON.stringify({ token, platform, language }));
    } catch {
      // Private browsing: the viewer lasts as long as the page.
    }
    return token;
  }

  /** The kept viewer's token, if it was registered as the platform and language of now. */
  private keptToken(): string | null {
    const { platform, language, storage } = this.options;
    try {
      const kept = JSON.parse(storage?.getItem(VIEWER_KEY) ?? 'null') as Partial<KeptViewer> | null;
      return kept?.platform === platform &&
        kept.language === language &&
        typeof kept.token === 'string'
        ? kept.token
        : null;
    } catch {
      return null;
    }
  }
}
