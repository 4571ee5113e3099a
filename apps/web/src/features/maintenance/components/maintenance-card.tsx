import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TileIcon } from '../../../components/counter-tile.tsx';
import { useSubject } from '../../../lib/use-subject.ts';
import { useMaintenanceState } from '../../../api/maintenance.ts';
import { MaintenanceControls } from './maintenance-controls.tsx';

const CHECK_EVERY_MS = 60_000;

/** The root user's maintenance switch, on the dashboard; nothing for anyone else. */
export function MaintenanceCard() {
  const subject = useSubject();
  if (subject?.role !== 'king') return null;
  return <RootMaintenanceCard />;
}

function RootMaintenanceCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: state } = useMaintenanceState(CHECK_EVERY_MS);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{
        p: 2.5,
        display: 'flex',
        gap: 2,
        alignItems: { sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
      }}
    >
      <TileIcon>
        <ConstructionRounded />
      </TileIcon>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('maintenance.cardTitle')}
          </Typography>
          {state && (
            <Chip
              size="small"
              color={state.on ? 'warning' : 'default'}
              label={state.on ? t('maintenance.statusOn') : t('maintenance.statusOff')}
              sx={(theme) => ({
                fontWeight: 700,
                // White on MUI's light-mode warning oranges is under AA's 4.5:1: dark text then.
                ...(state.on && theme.palette.mode === 'light' && { color: 'text.primary' }),
              })}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {state?.forced ? t('maintenance.forcedNote') : t('maintenance.cardText')}
        </Typography>
      </Box>
      {state && <MaintenanceControls state={state} />}
    </Paper>
  );
}
