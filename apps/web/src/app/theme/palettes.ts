import type { ThemeName } from '@plotline/core';

interface Tone {
  /** On light backgrounds. */
  light: string;
  /** On dark backgrounds: brighter, so text and icons keep their contrast. */
  dark: string;
}

export interface Palette {
  primary: Tone;
  secondary: Tone;
}

/** The six selectable palettes of spec §3. */
export const PALETTES: Record<ThemeName, Palette> = {
  redTheme: {
    primary: { light: '#C62828', dark: '#EF6F6C' },
    secondary: { light: '#455A9E', dark: '#8FA4E8' },
  },
  greenTheme: {
    primary: { light: '#2E7D32', dark: '#6CC46F' },
    secondary: { light: '#B7791F', dark: '#F2B950' },
  },
  blueTheme: {
    primary: { light: '#1A5FD0', dark: '#6EA6FF' },
    secondary: { light: '#00838F', dark: '#4DD0E1' },
  },
  purpleTheme: {
    primary: { light: '#6A3FC1', dark: '#A98BF5' },
    secondary: { light: '#D0386E', dark: '#F47FA6' },
  },
  orangeTheme: {
    primary: { light: '#D35400', dark: '#FF9A4D' },
    secondary: { light: '#3949AB', dark: '#8C9EFF' },
  },
  greyTheme: {
    primary: { light: '#455A64', dark: '#A7BCC6' },
    secondary: { light: '#8D6E63', dark: '#C8A99E' },
  },
};
