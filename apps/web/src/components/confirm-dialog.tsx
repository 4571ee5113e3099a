import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** A second line naming what the action touches. */
  detail?: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The spec's confirmation dialog: a title, a message, Cancel and Ok. Nothing happens until Ok. */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  busy = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={messageId}>
        <DialogContentText>{message}</DialogContentText>
        {detail && <DialogContentText sx={{ mt: 1, fontWeight: 700 }}>{detail}</DialogContentText>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('list.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={busy} autoFocus>
          {t('list.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
