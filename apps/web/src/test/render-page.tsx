import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { jsonResponse } from './fixtures.ts';

/**
 * MUI's styles go to a detached element instead of the document: the test DOM's getComputedStyle
 * (happy-dom's, as jsdom's before it) matches every rule of every sheet against each element it is
 * asked about, and Testing Library's role queries ask about every element they name, so the
 * document's hundreds of MUI rules made a page's queries the bulk of a test's time. Tests read what
 * is rendered, not how it looks.
 */
const detachedStyles = createCache({ key: 'test', container: document.createElement('div') });

/**
 * Renders a page at `path` with what the app wraps it in (query client, toasts, router), and
 * returns the router (to read the URL) and a user-event session. `route` is the page's route
 * pattern, for pages that read their parameters.
 */
export function renderPage(ui: ReactNode, path = '/', route = '*') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  render(
    <CacheProvider value={detachedStyles}>
      <SnackbarProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SnackbarProvider>
    </CacheProvider>,
  );
  return { router, user: userEvent.setup() };
}

type Handler = (request: { url: URL; body: unknown }) => Response;

/**
 * Stubs fetch with answers by "METHOD /path" and records every call, so tests assert on what
 * was asked of the API. An unexpected call answers 404 and fails loudly in the recorded list.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler({ url, body }) : jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls made with a method to a path. */
    to: (method: string, pathname: string) =>
      calls.filter((call) => call.method === method && call.url.pathname === pathname),
  };
}
