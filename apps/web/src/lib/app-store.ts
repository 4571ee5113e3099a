import {
  DEFAULT_UI,
  TIMINGS,
  type Language,
  type LayoutName,
  type LoginResponse,
  type SessionUser,
  type ThemeName,
} from '@plotline/core';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createThrottledStorage } from './throttled-storage.ts';

export type ColorMode = 'light' | 'dark';

export interface UiState {
  theme: ThemeName;
  mode: ColorMode;
  layout: LayoutName;
  language: Language;
  sidebarOpen: boolean;
  /** Keys of the menu groups unfolded in the collapsible sidebar. */
  subMenuOpen: string[];
}

export interface SessionState {
  token: string | null;
  loggedIn: boolean;
  user: SessionUser | null;
  /** Where a signed-out visitor wanted to go inside /app, without the `/app/` prefix. */
  next: string | null;
}

interface AppActions {
  setTheme: (theme: ThemeName) => void;
  toggleMode: () => void;
  setLayout: (layout: LayoutName) => void;
  setLanguage: (language: Language) => void;
  toggleSidebar: () => void;
  toggleSubMenu: (key: string) => void;
  openSubMenu: (key: string) => void;
  signIn: (login: LoginResponse) => void;
  updateUser: (user: SessionUser) => void;
  signOut: () => void;
  rememberNext: (next: string) => void;
  clearNext: () => void;
}

export type AppState = UiState & SessionState & AppActions;

/** The one localStorage key the whole app state lives under (spec §3). */
export const STORAGE_KEY = 'plotline:state';

export const INITIAL_UI: UiState = { ...DEFAULT_UI, subMenuOpen: [] };
export const SIGNED_OUT: SessionState = { token: null, loggedIn: false, user: null, next: null };

export function createAppStore(storage: StateStorage) {
  return create<AppState>()(
    persist(
      (set) => ({
        ...INITIAL_UI,
        ...SIGNED_OUT,
        setTheme: (theme) => set({ theme }),
        toggleMode: () => set((state) => ({ mode: state.mode === 'dark' ? 'light' : 'dark' })),
        setLayout: (layout) => set({ layout }),
        setLanguage: (language) => set({ language }),
        toggleSidebar: () => set((state) => ({ sidebarOpen: !state.sidebarOpen })),
        toggleSubMenu: (key) =>
          set((state) => ({
            subMenuOpen: state.subMenuOpen.includes(key)
              ? state.subMenuOpen.filter((open) => open !== key)
              : [...state.subMenuOpen, key],
          })),
        openSubMenu: (key) =>
          set((state) =>
            state.subMenuOpen.includes(key) ? state : { subMenuOpen: [...state.subMenuOpen, key] },
          ),
        signIn: ({ token, ...user }) => set({ token, user, loggedIn: true }),
        updateUser: (user) => set({ user }),
        signOut: () => set(SIGNED_OUT),
        rememberNext: (next) => set({ next }),
        clearNext: () => set({ next: null }),
      }),
      {
        name: STORAGE_KEY,
        storage: createJSONStorage(() => storage),
        partialize: ({ theme, mode, layout, language, sidebarOpen, subMenuOpen, ...session }) => ({
          theme,
          mode,
          layout,
          language,
          sidebarOpen,
          subMenuOpen,
          token: session.token,
          loggedIn: session.loggedIn,
          user: session.user,
          next: session.next,
        }),
      },
    ),
  );
}

const persistence = createThrottledStorage(window.localStorage, TIMINGS.persistThrottleMs);
// The throttle may hold the last change back for up to a second; a closing tab must not lose it.
window.addEventListener('pagehide', persistence.flush);

export const useAppStore = createAppStore(persistence);

/** Signed in means a token and a user, not just the stored flag. */
export function selectSignedIn(state: SessionState): boolean {
  return state.loggedIn && state.token !== null && state.user !== null;
}
