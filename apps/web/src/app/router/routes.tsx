import { OIDC_RESULT_PATH, type Right } from '@plotline/core';
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
const register = () =>
  import('../../features/auth/components/register-page.tsx').then((m) => ({
    Component: m.RegisterPage,
  }));
const oidcResult = () =>
  import('../../features/auth/components/oidc-result-page.tsx').then((m) => ({
    Component: m.OidcResultPage,
  }));
const forgotPassword = () =>
  import('../../features/auth/components/forgot-password-page.tsx').then((m) => ({
    Component: m.ForgotPasswordPage,
  }));
const setPassword = () =>
  import('../../features/auth/components/set-password-page.tsx').then((m) => ({
    Component: m.SetPasswordPage,
  }));
const renewPassword = () =>
  import('../../features/auth/components/renew-password-page.tsx').then((m) => ({
    Component: m.RenewPasswordPage,
  }));
const createProfile = () =>
  import('../../features/profile/components/create-profile-page.tsx').then((m) => ({
    Component: m.CreateProfilePage,
  }));
const dashboard = () =>
  import('./dashboard-route.tsx').then((m) => ({ Component: m.DashboardRoute }));
const companyList = () =>
  import('../../features/companies/components/company-list-page.tsx').then((m) => ({
    Component: m.CompanyListPage,
  }));
const usersList = () =>
  import('../../features/users/components/users-page.tsx').then((m) => ({
    Component: m.UsersListPage,
  }));
const internalUsersList = () =>
  import('../../features/users/components/users-page.tsx').then((m) => ({
    Component: m.InternalUsersListPage,
  }));
const activityLog = () =>
  import('../../features/activity-log/components/activity-log-page.tsx').then((m) => ({
    Component: m.ActivityLogPage,
  }));
const projectCreate = () =>
  import('../../features/project-wizard/components/project-create-page.tsx').then((m) => ({
    Component: m.ProjectCreatePage,
  }));
const projectEdit = () =>
  import('../../features/project-wizard/components/project-create-page.tsx').then((m) => ({
    Component: m.ProjectEditPage,
  }));
const projectList = () =>
  import('../../features/project-list/components/project-list-page.tsx').then((m) => ({
    Component: m.ProjectListPage,
  }));
const projectDraft = () =>
  import('../../features/project-list/components/project-list-page.tsx').then((m) => ({
    Component: m.ProjectDraftPage,
  }));
const series = () =>
  import('../../features/project-list/components/series-page.tsx').then((m) => ({
    Component: m.SeriesPage,
  }));
const projectDetail = () =>
  import('../../features/project-detail/components/project-detail-page.tsx').then((m) => ({
    Component: m.ProjectDetailPage,
  }));
const promoted = () =>
  import('../../features/app-promoted/components/promoted-page.tsx').then((m) => ({
    Component: m.PromotedPage,
  }));
const promotedSelect = () =>
  import('../../features/app-promoted/components/promoted-select-page.tsx').then((m) => ({
    Component: m.PromotedSelectPage,
  }));
const segmentPresets = () =>
  import('../../features/app-segments/components/segments-page.tsx').then((m) => ({
    Component: m.SegmentPresetsPage,
  }));
const segmentCustom = () =>
  import('../../features/app-segments/components/segments-page.tsx').then((m) => ({
    Component: m.SegmentCustomPage,
  }));
const segmentAdd = () =>
  import('../../features/app-segments/components/segment-form-page.tsx').then((m) => ({
    Component: m.SegmentAddPage,
  }));
const segmentEdit = () =>
  import('../../features/app-segments/components/segment-form-page.tsx').then((m) => ({
    Component: m.SegmentEditPage,
  }));
const termsPage = () =>
  import('../../features/public-pages/components/terms-page.tsx').then((m) => ({
    Component: m.TermsPage,
  }));
const comingSoonPage = () =>
  import('../../features/public-pages/components/coming-soon-page.tsx').then((m) => ({
    Component: m.ComingSoonPage,
  }));
const newsSignupList = () =>
  import('../../features/news-signups/components/news-signup-list-page.tsx').then((m) => ({
    Component: m.NewsSignupListPage,
  }));
const maintenance = () =>
  import('../../features/maintenance/components/maintenance-page.tsx').then((m) => ({
    Component: m.MaintenancePage,
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

/** The admin pages of spec §2 inside the frame, each with the right that opens it (§6). */
const APP_PAGES: RouteObject[] = [
  { index: true, lazy: dashboard },
  { path: 'dashboard', lazy: dashboard },
  { path: 'company-list', handle: needs('canSeeCompanyList'), lazy: companyList },
  { path: 'users-list', handle: needs('seeUserList'), lazy: usersList },
  { path: 'internal-users-list', handle: needs('seeInternalUserList'), lazy: internalUsersList },
  { path: 'news-signups', handle: needs('canSeeCompanyList'), lazy: newsSignupList },
  { path: 'project-create/:movieId?', handle: needs('canAddProject'), lazy: projectCreate },
  { path: 'project-list', handle: needs('canSeeProject'), lazy: projectList },
  { path: 'project-draft', handle: needs('canSeeProject'), lazy: projectDraft },
  { path: 'project-list/series/:movieIdParent', handle: needs('canSeeProject'), lazy: series },
  {
    path: 'project-list/project-detail/edit/:movieId',
    handle: needs('canAddProject'),
    lazy: projectEdit,
  },
  {
    path: 'project-list/project-detail/:movieId',
    handle: needs('canSeeProject'),
    lazy: projectDetail,
  },
  { path: 'promoted', handle: needs('canSeeAppPromoted'), lazy: promoted },
  { path: 'promoted/select', handle: needs('canSeeAppPromoted'), lazy: promotedSelect },
  { path: 'segment', handle: needs('canSeeAppSegment'), lazy: segmentPresets },
  { path: 'segment/custom', handle: needs('canSeeAppSegment'), lazy: segmentCustom },
  { path: 'segment/preset', handle: needs('canSeeAppSegment'), lazy: segmentPresets },
  { path: 'segment/custom/add', handle: needs('canSeeAppSegment'), lazy: segmentAdd },
  { path: 'segment/custom/:segmentId', handle: needs('canSeeAppSegment'), lazy: segmentEdit },
  { path: 'activity-log', handle: needs('canSeeActivityLog'), lazy: activityLog },
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
          { path: 'register', lazy: register },
          { path: 'forgot-password', lazy: forgotPassword },
        ],
      },
      // The steps after an invitation or a registration, signed in but outside the frame.
      {
        element: <RequireSession />,
        children: [
          { path: 'reset-password', lazy: setPassword },
          { path: 'create-profile', lazy: createProfile },
        ],
      },
      // Where an identity provider's sign-in ends, in its popup or in the page; it signs in itself.
      { path: OIDC_RESULT_PATH.slice(1), lazy: oidcResult },
      // Reached from a reset mail, signed in or not.
      { path: 'renew-password', lazy: renewPassword },
      // Public, signed in or not: the register screen opens the terms in a new tab.
      { path: 'terms-conditions', lazy: termsPage },
      { path: 'coming-soon', lazy: comingSoonPage },
      // Where everyone but the root user is sent while the API is in maintenance.
      { path: 'maintenance', lazy: maintenance },
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
