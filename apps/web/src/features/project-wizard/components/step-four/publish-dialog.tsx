import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface PublishDialogProps {
  open: boolean;
  /** Saving what is unsaved, then publishing: the dialog waits. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Once the dialog has gone, e.g. to move the focus to what publishing showed. */
  onClosed?: () => void;
}

/** Spec §8's publish dialog: publishing is final, so it asks once more in the spec's words. */
export function PublishDialog({ open, busy, onCancel, onConfirm, onClosed }: PublishDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: onClosed } }}
    >
      <DialogTitle id={titleId}>{t('projectWizard.stepFour.dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('projectWizard.stepFour.dialog.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {t('projectWizard.stepFour.dialog.back')}
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={busy}>
          {t('projectWizard.stepFour.dialog.publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
