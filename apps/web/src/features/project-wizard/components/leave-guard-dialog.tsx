import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';

/** Asks before a wizard step with unsaved changes is left; Ok leaves and the changes are lost. */
export function LeaveGuardDialog({ unsaved }: { unsaved: boolean }) {
  const { t } = useTranslation();
  const guard = useLeaveGuard(unsaved);
  return (
    <ConfirmDialog
      open={guard.asking}
      title={t('projectWizard.wizard.unsavedTitle')}
      message={t('projectWizard.wizard.unsavedText')}
      onCancel={guard.stay}
      onConfirm={guard.leave}
    />
  );
}
