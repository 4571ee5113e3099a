import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '../app/i18n/i18n.ts';
import { INITIAL_UI, SIGNED_OUT, useAppStore } from '../lib/app-store.ts';

// jsdom has no layout engine: MUI's media queries see a desktop screen.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom has no ResizeObserver either; React Flow's graph needs one to mount.
globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Node 24's Request refuses jsdom's AbortSignal (vitest-dev/vitest#8374) and React Router's data
// router builds one per navigation. Tests never abort a navigation, so the signal is left out.
class RequestWithoutForeignSignal extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init && { ...init, signal: undefined });
  }
}
globalThis.Request = RequestWithoutForeignSignal;

// A page's first render loads its lazy modules; on a machine busy with other work that alone can
// pass the library's 1 s default, so the find* queries wait longer before they fail.
configure({ asyncUtilTimeout: 5000 });

initI18n();

beforeEach(() => {
  useAppStore.setState({ ...INITIAL_UI, ...SIGNED_OUT });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
