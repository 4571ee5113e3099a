/** Shell choices and timings of spec §2, §3 and §9. */
export const THEMES = [
  'redTheme',
  'greenTheme',
  'blueTheme',
  'purpleTheme',
  'orangeTheme',
  'greyTheme',
] as const;
export type ThemeName = (typeof THEMES)[number];

export const LAYOUTS = ['sidebar', 'big-sidebar', 'top-navigation', 'mega-menu'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const LANGUAGES = ['en', 'de', 'id', 'es', 'zh', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export const DEFAULT_UI = {
  theme: 'purpleTheme',
  mode: 'light',
  layout: 'big-sidebar',
  language: 'en',
  sidebarOpen: true,
} as const satisfies {
  theme: ThemeName;
  mode: 'light' | 'dark';
  layout: LayoutName;
  language: Language;
  sidebarOpen: boolean;
};

export const TIMINGS = {
  persistThrottleMs: 1000,
  toastMs: 3000,
  maxToasts: 3,
  logoutRedirectMs: 100,
  authCheckDelayMs: 500,
  pageTransitionMs: 700,
  pageLoadDelayMs: 500,
  statusPollMs: 15000,
  progressHideMs: 500,
} as const;

export const DRAWER_WIDTHS = {
  sidebar: 240,
  rail: 64,
  bigSidebar: 292,
  profile: 450,
} as const;
