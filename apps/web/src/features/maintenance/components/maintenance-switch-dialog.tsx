import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  MESSAGES,
  maintenanceUpdateSchema,
  type MaintenanceState,
  type MaintenanceUpdate,
} from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSwitchMaintenance } from '../api/switch-maintenance.ts';

/** What the dialog is asked to do: switch on, switch off, or change the message while on. */
export type MaintenanceAction = 'on' | 'off' | 'message';

const TEXTS = {
  on: { title: 'confirmOnTitle', text: 'confirmOnText', submit: 'switchOn', done: 'switchedOn' },
  off: {
    title: 'confirmOffTitle',
    text: 'confirmOffText',
    submit: 'switchOff',
    done: 'switchedOff',
  },
  message: { title: 'messageTitle', text: 'messageText', submit: 'save', done: 'messageSaved' },
} as const;

interface MaintenanceSwitchDialogProps {
  action: MaintenanceAction;
  state: MaintenanceState;
  onClose: () => void;
}

/**
 * The root user's confirmation before switching maintenance mode, with the message everyone else
 * will read (checked by core's schema, as the server checks it).
 */
export function MaintenanceSwitchDialog({ action, state, onClose }: MaintenanceSwitchDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const textId = useId();
  const switchMaintenance = useSwitchMaintenance();
  const texts = TEXTS[action];
  const { control, handleSubmit } = useForm<MaintenanceUpdate>({
    resolver: zodResolver(maintenanceUpdateSchema),
    defaultValues: { on: action !== 'off', message: state.message },
  });

  const onSubmit = handleSubmit((values) =>
    switchMaintenance.mutate(action === 'off' ? { on: false } : values, {
      onSuccess: () => {
        enqueueSnackbar(t(`maintenance.${texts.done}`), { variant: 'success' });
        onClose();
      },
      onError: (error) => enqueueSnackbar(messageText(error.message), { variant: 'error' }),
    }),
  );

  return (
    <Dialog
      open
      onClose={switchMaintenance.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t(`maintenance.${texts.title}`)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t(`maintenance.${texts.text}`)}</DialogContentText>
          {action !== 'off' && (
            <Controller
              control={control}
              name="message"
              render={({ field: { ref, value, ...field }, fieldState: { error } }) => (
                <TextField
                  {...field}
                  value={value ?? ''}
                  inputRef={ref}
                  label={t('maintenance.message')}
                  placeholder={messageText(MESSAGES.underMaintenance)}
                  multiline
                  minRows={2}
                  // The message may be in another script than the studio's language.
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                  fullWidth
                  autoFocus
                  sx={{ mt: 2.5 }}
                  error={error !== undefined}
                  helperText={
                    error?.message
                      ? messageText(error.message)
                      : t('maintenance.messageHint', {
                          length: (value ?? '').length,
                          max: MAINTENANCE_MESSAGE_MAX_LENGTH,
                        })
                  }
                />
              )}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={switchMaintenance.isPending}>
            {t('maintenance.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={action === 'on' ? 'warning' : 'primary'}
            loading={switchMaintenance.isPending}
            autoFocus={action === 'off'}
          >
            {t(`maintenance.${texts.submit}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
