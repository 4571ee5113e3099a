// First: zod's settings must be in place before any schema is made.
import './app/zod-jitless.ts';
import '@fontsource/lato/300.css';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/lato/900.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { initI18n } from './app/i18n/i18n.ts';
import { AppProviders } from './app/providers/app-providers.tsx';
import { routes } from './app/router/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the stored language's texts (a chunk of their own unless English).
await initI18n();
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
