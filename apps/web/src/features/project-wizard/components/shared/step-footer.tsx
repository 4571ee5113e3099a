import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { flipInRtl } from '../../../../lib/flip-in-rtl.ts';

interface StepFooterProps {
  backLabel: string;
  onBack: () => void;
  /** Whether the step's edits are saved, with the words saying so; nothing shown when null. */
  status: { saved: boolean; label: string } | null;
  /** The step's own actions (Save, Next, Check), at the end of the bar. */
  children: ReactNode;
}

/** The bar under a wizard step: Back, whether the step is saved, and the step's actions. */
export function StepFooter({ backLabel, onBack, status, children }: StepFooterProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
      }}
    >
      <Button startIcon={<ArrowBack sx={flipInRtl} />} onClick={onBack}>
        {backLabel}
      </Button>
      <Box sx={{ flexGrow: 1 }}>
        {status && (
          <Stack
            direction="row"
            spacing={0.75}
            aria-live="polite"
            sx={{
              alignItems: 'center',
              justifyContent: { sm: 'flex-end' },
              // The icon carries the colour: warning orange as text is below 4.5:1 on white.
              color: 'text.secondary',
            }}
          >
            {status.saved ? (
              <CheckCircleOutline aria-hidden fontSize="small" color="success" />
            ) : (
              <EditNoteOutlined aria-hidden fontSize="small" color="warning" />
            )}
            <Typography variant="body2">{status.label}</Typography>
          </Stack>
        )}
      </Box>
      <Stack direction="row" sx={{ gap: 1.5, justifyContent: 'flex-end' }}>
        {children}
      </Stack>
    </Paper>
  );
}
