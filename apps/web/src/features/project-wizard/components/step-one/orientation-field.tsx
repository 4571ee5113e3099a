import StayCurrentLandscapeOutlined from '@mui/icons-material/StayCurrentLandscapeOutlined';
import StayCurrentPortraitOutlined from '@mui/icons-material/StayCurrentPortraitOutlined';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { VIEW_MODES, type ViewMode } from '@plotline/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS = {
  vertical: StayCurrentPortraitOutlined,
  horizontal: StayCurrentLandscapeOutlined,
} as const satisfies Record<ViewMode, unknown>;

interface OrientationFieldProps {
  value: ViewMode | undefined;
  onChange: (viewMode: ViewMode) => void;
  onBlur: () => void;
  disabled: boolean;
  error?: string;
}

/** The project's orientation (`view_mode`): vertical or horizontal; required. */
export function OrientationField({
  value,
  onChange,
  onBlur,
  disabled,
  error,
}: OrientationFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl error={error !== undefined} disabled={disabled} required>
      <FormLabel id={labelId}>{t('projectWizard.stepOne.orientation')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value ?? ''}
        onChange={(_event, mode) => onChange(mode as ViewMode)}
        onBlur={onBlur}
      >
        {VIEW_MODES.map((mode) => {
          const Icon = ICONS[mode];
          return (
            <FormControlLabel
              key={mode}
              value={mode}
              control={<Radio />}
              label={
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <Icon fontSize="small" aria-hidden />
                  <span>{t(`projectWizard.stepOne.viewModes.${mode}`)}</span>
                </Stack>
              }
            />
          );
        })}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
