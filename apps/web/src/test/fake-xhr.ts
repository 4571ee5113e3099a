import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, the boundary of file uploads: it records what was sent and lets a
 * test report progress, answer or fail the request.
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  /** The handlers set as properties, as tus-js-client sets them. */
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
  }

  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { loaded, total, lengthComputable: true }),
    );
  }

  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    this.events.dispatchEvent(new Event('load'));
    this.onload?.();
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  fail() {
    this.events.dispatchEvent(new Event('error'));
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest for the test; the returned list fills with every request made. */
export function installFakeXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super();
        requests.push(this);
      }
    },
  );
  return requests;
}
