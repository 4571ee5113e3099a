import Alert from '@mui/material/Alert';
import { MESSAGES } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { useMaintenanceState } from '../../../api/maintenance.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';

/** The sign-in screen asks again this often, so the notice comes and goes with the switch. */
const CHECK_EVERY_MS = 60_000;

/**
 * While maintenance is on, the operator's message above the sign-in form: only the root user can
 * sign in then, and everyone else learns why before trying.
 */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const maintenance = useMaintenanceState(CHECK_EVERY_MS);
  if (!maintenance.data?.on) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2.5 }}>
      {/* The operator's message may be in another script than the studio's language. */}
      <span dir="auto">
        {maintenance.data.message || messageText(MESSAGES.underMaintenance)}
      </span>{' '}
      {t('signIn.maintenanceRootOnly')}
    </Alert>
  );
}
