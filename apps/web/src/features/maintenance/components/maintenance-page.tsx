import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@plotline/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { selectSignedIn, useAppStore } from '../../../lib/app-store.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useMaintenanceState } from '../../../api/maintenance.ts';

/** The page asks again this often whether maintenance is over. */
const CHECK_EVERY_MS = 30_000;

function Visual({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        display: 'grid',
        placeItems: 'center',
        width: 72,
        height: 72,
        mb: 2.5,
        borderRadius: '50%',
        color: 'primary.main',
        background: `radial-gradient(circle at 30% 30%, ${theme.alpha(theme.palette.primary.main, 0.22)}, ${theme.alpha(theme.palette.secondary.main, 0.12)})`,
        '& svg': { fontSize: 38 },
      })}
    >
      {children}
    </Box>
  );
}

/**
 * /maintenance (spec §2): what everyone but the root user sees while the API is in maintenance,
 * with the operator's message; it notices by itself when maintenance is over. The root user signs
 * in from here.
 */
export function MaintenancePage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const signedIn = useAppStore(selectSignedIn);
  const maintenance = useMaintenanceState(CHECK_EVERY_MS);
  // Until the server has answered, and if it cannot, the page says maintenance.
  const over = maintenance.data?.on === false;

  if (over) {
    return (
      <AuthLayout title={t('maintenance.overTitle')}>
        <Visual>
          <TaskAltRounded />
        </Visual>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('maintenance.overText')}
        </Typography>
        <Button component={RouterLink} to={signedIn ? '/app' : '/'} variant="contained" fullWidth>
          {t('maintenance.continue')}
        </Button>
      </AuthLayout>
    );
  }

  const message = maintenance.data?.message || messageText(MESSAGES.underMaintenance);
  return (
    <AuthLayout title={t('maintenance.title')}>
      <Visual>
        <ConstructionRounded />
      </Visual>
      {/* The operator's message may be in another script than the studio's language. */}
      <Typography
        role="status"
        dir="auto"
        sx={{ mb: 1.5, fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {message}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('maintenance.playersNote')}
      </Typography>
      <Stack spacing={2}>
        <Button
          variant="contained"
          size="large"
          loading={maintenance.isFetching}
          onClick={() => void maintenance.refetch()}
        >
          {t('maintenance.checkAgain')}
        </Button>
        {!signedIn && (
          <Link
            component={RouterLink}
            to="/login"
            underline="hover"
            fontWeight={700}
            sx={{ alignSelf: 'center' }}
          >
            {t('maintenance.operatorSignIn')}
          </Link>
        )}
      </Stack>
    </AuthLayout>
  );
}
