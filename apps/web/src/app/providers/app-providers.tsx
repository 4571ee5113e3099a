import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { TIMINGS, directionOf, type Language } from '@plotline/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_COMPONENTS } from '../../components/toast-content.tsx';
import { useAppStore } from '../../lib/app-store.ts';
import { createAppTheme } from '../theme/create-app-theme.ts';
import { EMOTION_CACHES } from './emotion-caches.ts';
import { useDocumentAttributes } from './use-document-attributes.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const themeName = useAppStore((state) => state.theme);
  const mode = useAppStore((state) => state.mode);
  // i18next's language, not the store's: a newly chosen language's texts arrive a moment after
  // the choice, and the direction and `lang` switch with them.
  const language = useTranslation().i18n.language as Language;
  const direction = directionOf(language);
  const theme = useMemo(
    () => createAppTheme(themeName, mode, direction),
    [themeName, mode, direction],
  );
  useDocumentAttributes(language, direction, mode);

  return (
    <CacheProvider value={EMOTION_CACHES[direction]}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <SnackbarProvider
          maxSnack={TIMINGS.maxToasts}
          autoHideDuration={TIMINGS.toastMs}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          Components={TOAST_COMPONENTS}
        >
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
