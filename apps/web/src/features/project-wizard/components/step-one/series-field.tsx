import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Series } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../../lib/isolate.ts';

/** A series to choose, or the typed title of one to create. */
type SeriesOption = { kind: 'series'; series: Series } | { kind: 'new'; title: string };

const labelOf = (option: SeriesOption) =>
  option.kind === 'series' ? option.series.title : option.title;

const filter = createFilterOptions<SeriesOption>({ stringify: labelOf });

interface SeriesFieldProps {
  /** The chosen series; null for a single project. */
  value: number | null;
  series: readonly Series[];
  loading: boolean;
  disabled: boolean;
  error?: string;
  onChange: (seriesId: number | null) => void;
  /** Creates a series with the typed title, which is never empty (spec §5). */
  onCreate: (title: string) => void;
}

/**
 * Spec §2 step 1: the series of an episode, or none for a single project. Typing a title no series
 * has offers to create it.
 */
export function SeriesField({
  value,
  series,
  loading,
  disabled,
  error,
  onChange,
  onCreate,
}: SeriesFieldProps) {
  const { t } = useTranslation();
  const chosen = series.find((entry) => entry.movie_id === value);
  const options = series.map((entry): SeriesOption => ({ kind: 'series', series: entry }));

  return (
    <Autocomplete<SeriesOption>
      options={options}
      value={chosen ? { kind: 'series', series: chosen } : null}
      onChange={(_event, option) => {
        if (!option) onChange(null);
        else if (option.kind === 'series') onChange(option.series.movie_id);
        else onCreate(option.title);
      }}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, current) =>
        option.kind === 'series' &&
        current.kind === 'series' &&
        option.series.movie_id === current.series.movie_id
      }
      filterOptions={(candidates, state) => {
        const shown = filter(candidates, state);
        const typed = state.inputValue.trim();
        const known = candidates.some(
          (option) => labelOf(option).toLocaleLowerCase() === typed.toLocaleLowerCase(),
        );
        if (typed !== '' && !known) shown.push({ kind: 'new', title: typed });
        return shown;
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          {option.kind === 'new' ? (
            <>
              <AddCircleOutline fontSize="small" color="primary" aria-hidden />
              {/* Isolated, so a title in another direction keeps its quotes around it. */}
              {t('projectWizard.stepOne.addSeries', { title: isolate(option.title) })}
            </>
          ) : (
            <bdi>{option.series.title}</bdi>
          )}
        </Box>
      )}
      noOptionsText={t('projectWizard.stepOne.noSeries')}
      loading={loading}
      loadingText={t('app.loading')}
      disabled={disabled}
      selectOnFocus
      clearOnEscape
      clearOnBlur
      handleHomeEndKeys
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('projectWizard.stepOne.series')}
          placeholder={t('projectWizard.stepOne.seriesNone')}
          error={error !== undefined}
          helperText={error ?? t('projectWizard.stepOne.seriesHint')}
          slotProps={{
            inputLabel: { ...params.InputLabelProps, shrink: true },
            // A title reads in its own direction; the placeholder in the page's.
            htmlInput: { ...params.inputProps, dir: params.inputProps.value ? 'auto' : undefined },
          }}
        />
      )}
    />
  );
}
