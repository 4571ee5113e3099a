import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders routes in memory at `path`; returns the router to read where the user ended up. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Renders one component at `path`, with a catch-all route that names where navigation went. */
export function renderAt(ui: ReactNode, path = '/') {
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', element: <p>Navigated away</p> },
    ],
    path,
  );
}
