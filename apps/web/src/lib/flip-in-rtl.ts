import type { Theme } from '@mui/material/styles';

/** An icon's `sx` that mirrors it in right-to-left pages, so arrows point the way the page reads. */
export const flipInRtl = {
  transform: (theme: Theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none'),
} as const;
