import { MESSAGES } from '@plotline/core';

/** English, the default and the fallback of every other language. */
export const en = {
  /** The spec's fixed texts, word for word; other languages translate them by the same keys. */
  messages: MESSAGES,
  common: {
    close: 'Close',
  },
  app: {
    name: 'Plotline',
    tagline: 'Studio for interactive video',
    loading: 'Loading…',
  },
  menu: {
    mainMenu: 'Main menu',
    dashboard: 'Dashboard',
    management: 'Management',
    companyList: 'Company List',
    usersList: 'Users List',
    internalUsersList: 'Internal Users List',
    project: 'Project',
    projectList: 'Project List',
    projectAdd: 'Project Add',
    appManagement: 'App Management',
    promotedContents: 'Promoted Contents',
    segmentManagement: 'Segment Management',
    activityLog: 'Activity Log',
    list: 'List',
  },
  pageTitles: {
    dashboard: 'Dashboard',
    'company list': 'Company List',
    'users list': 'Users List',
    'internal users list': 'Internal Users List',
    'project create': 'Project Create',
    'project list': 'Project List',
    'project draft': 'Project Draft',
    'project detail': 'Project Detail',
    series: 'Series',
    edit: 'Edit',
    promoted: 'Promoted',
    select: 'Select',
    segment: 'Segment',
    custom: 'Custom',
    preset: 'Preset',
    add: 'Add',
    'activity log': 'Activity Log',
    pages: 'Pages',
    'not found': 'Not Found',
    error: 'Error',
    register: 'Register',
    'forgot password': 'Forgot Password',
    'reset password': 'Reset Password',
    'renew password': 'Renew Password',
    'create profile': 'Create Profile',
    maintenance: 'Maintenance',
    'coming soon': 'Coming Soon',
    'terms conditions': 'Terms and Conditions',
  },
  header: {
    openMenu: 'Open menu',
    toggleSidebar: 'Toggle sidebar',
    breadcrumbs: 'Breadcrumbs',
    home: 'Home',
    search: 'Search',
    searchPlaceholder: 'Search the menu',
    noSuggestions: 'No matching page',
    toggleDarkMode: 'Toggle dark mode',
    toggleFullscreen: 'Toggle fullscreen',
    changeLanguage: 'Change language',
    settings: 'Settings',
    account: 'Account',
    profile: 'Profile',
    logOut: 'Log out',
  },
  settings: {
    title: 'Settings',
    palette: 'Theme colour',
    layout: 'Layout',
    mode: 'Mode',
    light: 'Light',
    dark: 'Dark',
    themes: {
      redTheme: 'Red',
      greenTheme: 'Green',
      blueTheme: 'Blue',
      purpleTheme: 'Purple',
      orangeTheme: 'Orange',
      greyTheme: 'Grey',
    },
    layouts: {
      sidebar: 'Sidebar',
      'big-sidebar': 'Big sidebar',
      'top-navigation': 'Top navigation',
      'mega-menu': 'Mega menu',
    },
  },
  signIn: {
    title: 'Sign in',
    subtitle: 'Welcome back. Sign in to continue to your studio.',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show characters',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    continue: 'Continue',
    heroTitle: 'Stories that branch.',
    heroText:
      'Upload clips, connect them with bridges and let your audience choose what happens next, on the web and in the app.',
  },
  comingSoon: {
    title: 'Coming soon',
    text: 'We are building this page. It will arrive in one of the next releases.',
    backToSignIn: 'Back to sign in',
  },
  errorPage: {
    notFoundCode: '404',
    serverErrorCode: '502',
    backToDashboard: 'Back to dashboard',
  },
  dashboard: {
    greeting: 'Welcome back, {{name}}',
    greetingNoName: 'Welcome back',
    intro:
      'Your studio overview will appear here: projects, drafts and what your audience watches.',
    role: 'Role',
    account: 'Account',
    companyTypes: {
      individual: 'Individual',
      company: 'Company',
      platform: 'Platform',
      none: 'Plotline staff',
    },
  },
  profile: {
    title: 'Profile',
    close: 'Close profile',
    email: 'Email',
    editingSoon: 'Editing your profile, avatar and password is coming soon.',
  },
  roles: {
    king: 'Owner',
    internal: 'Internal Admin',
    accountManager: 'Internal Account Manager',
    superadmin: 'Super Admin',
    administrator: 'Administrator',
    contributor: 'Contributor',
    analyst: 'Analyst',
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/**
 * Every language carries every key of the web app, so a missing translation is a type error. The
 * core messages may grow with the server; a new one shows in English until it is translated.
 */
export type Translation = Strings<Omit<typeof en, 'messages'>> & {
  messages: Partial<Strings<typeof MESSAGES>>;
};
