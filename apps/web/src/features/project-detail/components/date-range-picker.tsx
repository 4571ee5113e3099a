import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  lastDays,
  presetOf,
  RANGE_PRESETS,
  rangeProblem,
  type DateRange,
} from '../model/date-range.ts';

interface DateRangePickerProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/**
 * From and to dates and the 7 / 30 / 90 days presets. A typed range is applied once it is whole
 * and in order; until then the figures of the last good one stay.
 */
export function DateRangePicker({ value, onChange }: DateRangePickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A preset chosen elsewhere replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const problem = rangeProblem(draft);
  const edit = (changes: Partial<DateRange>) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    if (rangeProblem(next) === null) onChange(next);
  };
  const preset = presetOf(value);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={preset}
        aria-label={t('projectDetail.figures.presets')}
        onChange={(_event, days: number | null) => days && onChange(lastDays(days))}
      >
        {RANGE_PRESETS.map((days) => (
          // Secondary text: the grey MUI gives an unselected one is 4.2:1 on the page, under AA's 4.5:1.
          <ToggleButton key={days} value={days} sx={{ color: 'text.secondary' }}>
            {t('projectDetail.figures.lastDays', { days })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1.5}>
        <TextField
          type="date"
          size="small"
          label={t('projectDetail.figures.from')}
          value={draft.from}
          onChange={(event) => edit({ from: event.target.value })}
          error={problem === 'order' || problem === 'length'}
          helperText={
            problem === 'order' || problem === 'length'
              ? t(`projectDetail.figures.rangeProblem.${problem}`)
              : undefined
          }
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to || undefined } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('projectDetail.figures.to')}
          value={draft.to}
          onChange={(event) => edit({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.from || undefined } }}
        />
      </Stack>
    </Stack>
  );
}
