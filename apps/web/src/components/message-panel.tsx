import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface MessagePanelProps {
  /** An icon or a short code ("404") shown large above the title. */
  visual: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  /** h1 on a page of its own; h2 under the shell's page title. */
  headingLevel?: 'h1' | 'h2';
}

/** A centred illustration, title, text and action: the body of empty, coming-soon and error pages. */
export function MessagePanel({
  visual,
  title,
  text,
  action,
  headingLevel = 'h2',
}: MessagePanelProps) {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, md: 8 }, px: 2 }}
    >
      <Box
        sx={(theme) => ({
          display: 'grid',
          placeItems: 'center',
          minWidth: 112,
          height: 112,
          px: 2,
          borderRadius: '50%',
          color: 'primary.main',
          background: `radial-gradient(circle at 30% 30%, ${theme.alpha(theme.palette.primary.main, 0.22)}, ${theme.alpha(theme.palette.secondary.main, 0.12)})`,
          '& svg': { fontSize: 52 },
        })}
      >
        {visual}
      </Box>
      <Typography component={headingLevel} variant="h4">
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
          {text}
        </Typography>
      )}
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  );
}
