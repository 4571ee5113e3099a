import type { ThemeName } from '@plotline/core';
import { createTheme, type Theme } from '@mui/material/styles';
import type { ColorMode } from '../../lib/app-store.ts';
import { PALETTES } from './palettes.ts';

const FONT_FAMILY = ['Lato', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'].join(
  ',',
);

export function createAppTheme(name: ThemeName, mode: ColorMode, direction: 'ltr' | 'rtl'): Theme {
  const palette = PALETTES[name];
  const dark = mode === 'dark';
  return createTheme({
    direction,
    palette: {
      mode,
      primary: { main: dark ? palette.primary.dark : palette.primary.light },
      secondary: { main: dark ? palette.secondary.dark : palette.secondary.light },
      background: dark
        ? { default: '#111218', paper: '#1B1C24' }
        : { default: '#F4F5F9', paper: '#FFFFFF' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { fontWeight: 900 },
      h2: { fontWeight: 900 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 700 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
}
