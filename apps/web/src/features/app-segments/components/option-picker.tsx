import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import type { SegmentProject } from '../api/list-projects.ts';
import { useProjectPlayerData } from '../api/project-options.ts';
import { isolate } from '../../../lib/isolate.ts';
import { plotOptionsOf, type PlotOption } from '../model/plot-options.ts';
import { ProjectPicker } from './project-picker.tsx';

interface OptionPickerProps {
  /** The option's node id (`movie_plot_id`); '' while none is picked. */
  value: unknown;
  onChange: (value: number | '') => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
}

/**
 * A `chose` condition's option: the project first, then one of the options of its published plot,
 * each named by its caption in the studio's language and the question it answers. A saved condition
 * holds only the option's id, which names no project: it shows as "Option #id" until its project is
 * picked again.
 */
export function OptionPicker({ value, onChange, onBlur, inputRef, error }: OptionPickerProps) {
  const { t, i18n } = useTranslation();
  const messageText = useMessageText();
  const [project, setProject] = useState<SegmentProject | null>(null);
  const playerData = useProjectPlayerData(project?.slug ?? null);
  const options = useMemo(
    () => (playerData.data ? plotOptionsOf(playerData.data, i18n.language) : null),
    [playerData.data, i18n.language],
  );
  const optionId = typeof value === 'number' ? value : null;
  const known = options?.some((option) => option.id === optionId) ?? false;

  // Another project's options do not hold the option picked before: the condition starts empty.
  useEffect(() => {
    if (options && optionId !== null && !options.some((option) => option.id === optionId)) {
      onChange('');
    }
  }, [options, optionId, onChange]);

  const labelOf = (option: PlotOption) =>
    option.label || t('appSegments.builder.optionNumber', { id: option.id });
  let hint: string | undefined;
  if (playerData.error) hint = messageText(playerData.error.message);
  else if (!project) {
    hint =
      optionId === null
        ? t('appSegments.builder.projectFirst')
        : t('appSegments.builder.optionProjectUnknown');
  } else if (options?.length === 0) hint = t('appSegments.builder.noOptions');

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <ProjectPicker
        label={t('appSegments.builder.project')}
        movieId={project?.movie_id ?? null}
        onChange={setProject}
      />
      <TextField
        select
        size="small"
        inputRef={inputRef}
        label={t('appSegments.valueLabels.chose')}
        value={optionId ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
        onBlur={onBlur}
        disabled={!options?.length && optionId === null}
        error={error !== undefined}
        helperText={error ?? hint}
        slotProps={{
          select: {
            renderValue: (selected) => {
              const option = options?.find((entry) => entry.id === selected);
              return option
                ? labelOf(option)
                : t('appSegments.builder.optionNumber', { id: selected });
            },
          },
        }}
      >
        {optionId !== null && !known && (
          <MenuItem value={optionId}>
            {t('appSegments.builder.optionNumber', { id: optionId })}
          </MenuItem>
        )}
        {options?.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            <ListItemText
              primary={labelOf(option)}
              secondary={
                option.question
                  ? t('appSegments.builder.optionAnswers', { question: isolate(option.question) })
                  : undefined
              }
            />
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
