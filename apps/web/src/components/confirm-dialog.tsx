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
  /** The buttons' words where the spec gives its own (default Cancel and Ok). */
  cancelLabel?: string;
  confirmLabel?: string;
  /** Which button has the focus: Ok, or Cancel where going ahead cannot be undone. */
  focus?: 'confirm' | 'cancel';
  onCancel: () => void;
  onConfirm: () => void;
  /** Once the dialog has gone, e.g. to move the focus to what the action showed. */
  onClosed?: () => void;
}

/** The spec's confirmation dialog: a title, a message, Cancel and Ok. Nothing happens until Ok. */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  busy = false,
  cancelLabel,
  confirmLabel,
  focus = 'confirm',
  onCancel,
  onConfirm,
  onClosed,
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
      slotProps={{ transition: { onExited: onClosed } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={messageId}>
        <DialogContentText>{message}</DialogContentText>
        {detail && <DialogContentText sx={{ mt: 1, fontWeight: 700 }}>{detail}</DialogContentText>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus={focus === 'cancel'}>
          {cancelLabel ?? t('list.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          loading={busy}
          autoFocus={focus === 'confirm'}
        >
          {confirmLabel ?? t('list.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
