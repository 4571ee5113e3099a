import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';

interface PublishDialogProps {
  open: boolean;
  /** Saving what is unsaved, then publishing: the dialog waits. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Once the dialog has gone, e.g. to move the focus to what publishing showed. */
  onClosed?: () => void;
}

/**
 * Spec §8's publish dialog: publishing is final, so it asks once more in the spec's words, with
 * the focus on 'Back to review'.
 */
export function PublishDialog({ open, busy, onCancel, onConfirm, onClosed }: PublishDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={t('projectWizard.stepFour.dialog.title')}
      message={t('projectWizard.stepFour.dialog.text')}
      cancelLabel={t('projectWizard.stepFour.dialog.back')}
      confirmLabel={t('projectWizard.stepFour.dialog.publish')}
      focus="cancel"
      onCancel={onCancel}
      onConfirm={onConfirm}
      onClosed={onClosed}
    />
  );
}
