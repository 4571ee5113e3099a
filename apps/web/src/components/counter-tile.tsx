import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCount, formatShortCount } from '@plotline/core';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCountUp } from '../lib/use-count-up.ts';
import { VISUALLY_HIDDEN } from '../lib/visually-hidden.ts';

/** A tile's icon in its tinted round square. */
export function TileIcon({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        width: 48,
        height: 48,
        borderRadius: 3,
        color: 'primary.main',
        bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
      })}
    >
      {children}
    </Box>
  );
}

interface CounterTileProps {
  icon: ReactNode;
  label: string;
  value: number;
  /**
   * How the number reads; by default §9's counter (dots between thousands), or, for a tile that
   * links somewhere, §2's short form (K, M).
   */
  format?: (value: number) => string;
  /** Makes the tile the clickable variant: a link there. */
  to?: string;
}

const wholeCount = (value: number) => formatCount(Math.round(value));
const shortCount = (value: number) => formatShortCount(Math.round(value));

/**
 * §2 counter tile: the number counts up when it appears. Assistive technology reads the final
 * number only, never the frames of the animation.
 */
export function CounterTile({ icon, label, value, format, to }: CounterTileProps) {
  const shown = useCountUp(value);
  const formatted = format ?? (to ? shortCount : wholeCount);
  const linkProps = to ? { component: RouterLink, to } : {};
  return (
    <Paper
      variant="outlined"
      {...linkProps}
      sx={(theme) => ({
        p: 2.5,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        minWidth: 0,
        textDecoration: 'none',
        color: 'inherit',
        transition: theme.transitions.create(['border-color', 'box-shadow']),
        ...(to && {
          '&:hover, &:focus-visible': { borderColor: 'primary.main', boxShadow: theme.shadows[2] },
        }),
      })}
    >
      <TileIcon>{icon}</TileIcon>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} noWrap>
          <span aria-hidden>{formatted(shown)}</span>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {formatted(value)}
          </Box>
        </Typography>
      </Box>
    </Paper>
  );
}

/** Tiles side by side, as many as fit, one column on a phone. */
export function CounterTiles({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
