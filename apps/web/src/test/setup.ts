import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '../app/i18n/i18n.ts';
import { INITIAL_UI, SIGNED_OUT, useAppStore } from '../lib/app-store.ts';

// The test DOM lays nothing out: MUI's media queries all answer no, as on a desktop screen.
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

// No test reaches the network: a call that no test answers (a list refetched as a test ends) fails
// at once, as it would offline, instead of going out to the document's origin.
globalThis.fetch = (input) =>
  Promise.reject(new TypeError(`No network in tests: nothing answers ${String(input)}`));

// A page's first render loads its lazy modules; on a machine busy with other work that alone can
// pass the library's 1 s default, so the find* queries wait longer before they fail.
configure({ asyncUtilTimeout: 5000 });

initI18n();

beforeEach(() => {
  useAppStore.setState({ ...INITIAL_UI, ...SIGNED_OUT });
});

afterEach(() => {
  cleanup();
  // Frames a test put in the body itself (a popup's stand-in), which cleanup() does not know.
  document.body.querySelectorAll('iframe').forEach((frame) => frame.remove());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
