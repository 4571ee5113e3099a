import type { Right } from '@plotline/core';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import type { RouteHandle } from './require-rights.tsx';
import { RequireSession } from './require-session.tsx';
import { RootLayout } from './root-layout.tsx';
import { SignedOutOnly } from './signed-out-only.tsx';

const framedPages = () => import('./framed-pages.tsx').then((m) => ({ Component: m.FramedPages }));
const signIn = () =>
  import('../../features/auth/components/sign-in-page.tsx').then((m) => ({
    Component: m.SignInPage,
  }));
const dashboard = () =>
  import('../../features/dashboard/components/dashboard-page.tsx').then((m) => ({
    Component: m.DashboardPage,
  }));
const comingSoon = () =>
  import('../../features/placeholder/components/coming-soon-page.tsx').then((m) => ({
    Component: m.ComingSoonPage,
  }));
const publicComingSoon = () =>
  import('../../features/placeholder/components/public-coming-soon-page.tsx').then((m) => ({
    Component: m.PublicComingSoonPage,
  }));
const notFound = () =>
  import('../../features/errors/components/error-page.tsx').then((m) => ({
    Component: m.NotFoundPage,
  }));
const serverError = () =>
  import('../../features/errors/components/error-page.tsx').then((m) => ({
    Component: m.ServerErrorPage,
  }));

function needs(...rights: Right[]): RouteHandle {
  return { rights };
}

/** Public pages of spec §2 that are not built yet. */
const PUBLIC_PLACEHOLDERS = [
  'register',
  'forgot-password',
  'reset-password',
  'renew-password',
  'create-profile',
  'maintenance',
  'coming-soon',
  'terms-conditions',
];

/** The admin pages of spec §2 inside the frame, each with the right that opens it (§6). */
const APP_PAGES: RouteObject[] = [
  { index: true, lazy: dashboard },
  { path: 'dashboard', lazy: dashboard },
  { path: 'company-list', handle: needs('canSeeCompanyList'), lazy: comingSoon },
  { path: 'users-list', handle: needs('seeUserList'), lazy: comingSoon },
  { path: 'internal-users-list', handle: needs('seeInternalUserList'), lazy: comingSoon },
  { path: 'project-create/:movieId?', handle: needs('canAddProject'), lazy: comingSoon },
  { path: 'project-list', handle: needs('canSeeProject'), lazy: comingSoon },
  { path: 'project-draft', handle: needs('canSeeProject'), lazy: comingSoon },
  { path: 'project-list/series/:movieIdParent', handle: needs('canSeeProject'), lazy: comingSoon },
  {
    path: 'project-list/project-detail/edit/:movieId',
    handle: needs('canAddProject'),
    lazy: comingSoon,
  },
  {
    path: 'project-list/project-detail/:movieId',
    handle: needs('canSeeProject'),
    lazy: comingSoon,
  },
  { path: 'promoted', handle: needs('canSeeAppPromoted'), lazy: comingSoon },
  { path: 'promoted/select', handle: needs('canSeeAppPromoted'), lazy: comingSoon },
  { path: 'segment', handle: needs('canSeeAppSegment'), lazy: comingSoon },
  { path: 'segment/custom', handle: needs('canSeeAppSegment'), lazy: comingSoon },
  { path: 'segment/preset', handle: needs('canSeeAppSegment'), lazy: comingSoon },
  { path: 'segment/custom/add', handle: needs('canSeeAppSegment'), lazy: comingSoon },
  { path: 'activity-log', handle: needs('canSeeActivityLog'), lazy: comingSoon },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <SignedOutOnly />,
        children: [
          { index: true, lazy: signIn },
          { path: 'login', lazy: signIn },
        ],
      },
      ...PUBLIC_PLACEHOLDERS.map((path) => ({ path, lazy: publicComingSoon })),
      {
        path: 'app',
        element: <RequireSession />,
        children: [
          // Error pages stand alone, without the frame.
          { path: 'pages/not-found', lazy: notFound },
          { path: 'pages/error', lazy: serverError },
          { lazy: framedPages, children: APP_PAGES },
          { path: '*', lazy: notFound },
        ],
      },
      { path: '*', lazy: notFound },
    ],
  },
];
