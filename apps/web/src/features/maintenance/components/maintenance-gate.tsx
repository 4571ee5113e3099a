import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isolate } from '../../../lib/isolate.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSubject } from '../../../lib/use-subject.ts';
import { useMaintenanceState } from '../../../api/maintenance.ts';
import { MaintenanceControls } from './maintenance-controls.tsx';

/** How often the signed-in studio asks whether maintenance is on, beside every refused write. */
const CHECK_EVERY_MS = 60_000;

/**
 * In the app frame: while maintenance is on, signed-in users are sent to /maintenance, and the root
 * user, who keeps working, sees a banner with the switch instead.
 */
export function MaintenanceGate() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const subject = useSubject();
  const { data: state } = useMaintenanceState(CHECK_EVERY_MS);
  if (!state?.on) return null;
  if (subject?.role !== 'king') return <Navigate to="/maintenance" replace />;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      sx={{
        mb: 3,
        alignItems: 'flex-start',
        '& .MuiAlert-message': { flex: 1, minWidth: 0 },
      }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{t('maintenance.bannerTitle')}</AlertTitle>
      <Typography variant="body2">
        {state.forced ? t('maintenance.forcedNote') : t('maintenance.bannerText')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, mb: 1.5, overflowWrap: 'anywhere' }}>
        {t('maintenance.shownMessage', {
          // Isolated, so a message in another script than the studio's reads whole.
          message: isolate(state.message || messageText(MESSAGES.underMaintenance)),
        })}
      </Typography>
      <MaintenanceControls state={state} />
    </Alert>
  );
}
