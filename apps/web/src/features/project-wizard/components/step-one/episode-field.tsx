import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EpisodeOption } from '../../model/episodes.ts';

interface EpisodeFieldProps {
  value: number | null;
  options: readonly EpisodeOption[];
  onChange: (episode: number) => void;
  onBlur: () => void;
  disabled: boolean;
  readOnly: boolean;
  error?: string;
}

/** Spec §5: the episode sequence, 1 to 50; numbers other episodes of the series use are disabled. */
export function EpisodeField({
  value,
  options,
  onChange,
  onBlur,
  disabled,
  readOnly,
  error,
}: EpisodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('projectWizard.stepOne.episode')}
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      onBlur={onBlur}
      disabled={disabled}
      required
      error={error !== undefined}
      helperText={error}
      sx={{ maxWidth: { sm: 240 } }}
      slotProps={{
        select: { readOnly, MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } },
      }}
    >
      {options.map(({ number, taken }) => (
        <MenuItem key={number} value={number} disabled={taken}>
          {number}
          {taken && ' '}
          {taken && (
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ marginInlineStart: 1 }}
            >
              {t('projectWizard.stepOne.episodeTaken')}
            </Typography>
          )}
        </MenuItem>
      ))}
    </TextField>
  );
}
