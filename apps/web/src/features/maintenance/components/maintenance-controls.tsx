import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { MaintenanceState } from '@plotline/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaintenanceSwitchDialog, type MaintenanceAction } from './maintenance-switch-dialog.tsx';

/**
 * The root user's buttons: switch on; or, while on, change the message and switch off (unless the
 * server's MAINTENANCE holds it on). Each asks in a dialog first.
 */
export function MaintenanceControls({ state }: { state: MaintenanceState }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<MaintenanceAction | null>(null);
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {state.on ? (
          <>
            <Button variant="outlined" color="inherit" onClick={() => setAction('message')}>
              {t('maintenance.editMessage')}
            </Button>
            {!state.forced && (
              <Button variant="contained" onClick={() => setAction('off')}>
                {t('maintenance.switchOffEllipsis')}
              </Button>
            )}
          </>
        ) : (
          // The primary colour: the warning orange on white is under AA contrast (axe).
          <Button variant="outlined" onClick={() => setAction('on')}>
            {t('maintenance.switchOnEllipsis')}
          </Button>
        )}
      </Stack>
      {action && (
        <MaintenanceSwitchDialog action={action} state={state} onClose={() => setAction(null)} />
      )}
    </>
  );
}
