import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, promotedUpdateSchema, type SegmentRow } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSegmentOptions } from '../api/segment-options.ts';
import { useSegmentLabel } from '../hooks/use-segment-label.ts';
import { fromLocalInput, toLocalInput } from '../model/window.ts';

/** The browser's time zone, in which the date-time fields are read and shown. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What the dialog sends: the window's instants (null: open) and the targeted segments. */
export interface PromotionValues {
  starts_at: string | null;
  ends_at: string | null;
  segment_ids: number[];
}

interface PromotedWindowDialogProps {
  title: string;
  /** The project promoted, named under the title. */
  projectTitle: string;
  initial?: { starts_at: string | null; ends_at: string | null; segmentIds: number[] };
  submitLabel: string;
  busy: boolean;
  /** Saves; a refused window comes back as the error, shown at the end field. */
  onSubmit: (values: PromotionValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * When a promoted content shows and to whom: start and end in the studio user's local time (either
 * may stay open) and the segments (none: every viewer). Checked with core's window rule; the
 * server's refusal of a window is shown at the field it is about.
 */
export function PromotedWindowDialog({
  title,
  projectTitle,
  initial,
  submitLabel,
  busy,
  onSubmit,
  onClose,
}: PromotedWindowDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const segmentLabel = useSegmentLabel();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const segments = useSegmentOptions();
  useErrorToast(segments.error);
  const [startsAt, setStartsAt] = useState(toLocalInput(initial?.starts_at ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(initial?.ends_at ?? null));
  const [segmentIds, setSegmentIds] = useState<number[]>(initial?.segmentIds ?? []);
  const [errors, setErrors] = useState<{ starts_at?: string; ends_at?: string }>({});

  const chosen = (segments.data ?? []).filter((segment) => segmentIds.includes(segment.id));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values: PromotionValues = {
      starts_at: fromLocalInput(startsAt),
      ends_at: fromLocalInput(endsAt),
      segment_ids: segmentIds,
    };
    const checked = promotedUpdateSchema.safeParse(values);
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'starts_at' || field === 'ends_at') found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await onSubmit(values);
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.somethingWentWrong;
      if (message === MESSAGES.promotedWindowEnds) setErrors({ ends_at: message });
      else enqueueSnackbar(messageText(message), { variant: 'error' });
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ fontWeight: 700, mb: 2.5 }}>{projectTitle}</DialogContentText>
          <Stack spacing={2.5}>
            <Stack spacing={1}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2.5 }}>
                <TextField
                  type="datetime-local"
                  label={t('appPromoted.startsAt')}
                  value={startsAt}
                  onChange={(event) => setStartsAt(event.target.value)}
                  error={errors.starts_at !== undefined}
                  helperText={
                    errors.starts_at ? messageText(errors.starts_at) : t('appPromoted.startsHint')
                  }
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="datetime-local"
                  label={t('appPromoted.endsAt')}
                  value={endsAt}
                  onChange={(event) => setEndsAt(event.target.value)}
                  error={errors.ends_at !== undefined}
                  helperText={
                    errors.ends_at ? messageText(errors.ends_at) : t('appPromoted.endsHint')
                  }
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {t('appPromoted.timeZone', { zone: TIME_ZONE })}
              </Typography>
            </Stack>
            <Autocomplete<SegmentRow, true>
              multiple
              options={segments.data ?? []}
              loading={segments.isPending}
              value={chosen}
              onChange={(_event, value) => setSegmentIds(value.map((segment) => segment.id))}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              getOptionLabel={segmentLabel}
              filterSelectedOptions
              renderOption={({ key, ...props }, segment) => (
                <Box component="li" key={key} {...props}>
                  <Stack direction="row" sx={{ width: 1, gap: 2, justifyContent: 'space-between' }}>
                    <span>{segmentLabel(segment)}</span>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {t('appPromoted.viewerCount', { count: segment.viewers.toLocaleString() })}
                    </Typography>
                  </Stack>
                </Box>
              )}
              renderValue={(value, getItemProps) =>
                value.map((segment, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return (
                    <Chip key={key} size="small" label={segmentLabel(segment)} {...itemProps} />
                  );
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('appPromoted.segments')}
                  helperText={t('appPromoted.segmentsHint')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('list.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
