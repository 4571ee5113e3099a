import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

interface BrandLogoProps {
  /** Draws the mark in white, for coloured backgrounds. */
  inverted?: boolean;
  size?: number;
  /** Hides the word "Plotline", e.g. in a collapsed rail. */
  markOnly?: boolean;
}

/** The Plotline mark: one path that branches into two, and the product name. */
export function BrandLogo({ inverted = false, size = 32, markOnly = false }: BrandLogoProps) {
  const primary = useTheme().palette.primary.main;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden
        sx={{ width: size, height: size, flexShrink: 0 }}
      >
        <rect width="32" height="32" rx="9" fill={inverted ? '#ffffff33' : primary} />
        <path
          d="M9 9v14M9 16h6l8-7M15 16l8 7"
          stroke="#fff"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="23" cy="9" r="2.4" fill="#fff" />
        <circle cx="23" cy="23" r="2.4" fill="#fff" />
      </Box>
      {!markOnly && (
        <Typography
          component="span"
          sx={{
            fontWeight: 900,
            fontSize: size * 0.66,
            letterSpacing: '-0.01em',
            color: inverted ? 'common.white' : 'text.primary',
            whiteSpace: 'nowrap',
          }}
        >
          Plotline
        </Typography>
      )}
    </Box>
  );
}
