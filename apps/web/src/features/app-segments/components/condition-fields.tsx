import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  APP_PLATFORMS,
  LANGUAGES,
  SEGMENT_FIELDS,
  SEGMENT_NUMBER_MAX,
  type SegmentField,
} from '@plotline/core';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSegmentText } from '../hooks/use-segment-text.ts';
import {
  newCondition,
  operatorsOf,
  valueKindOf,
  withOperator,
  type ConditionDraft,
  type SegmentFormValues,
} from '../model/conditions.ts';
import { OptionPicker } from './option-picker.tsx';
import { ProjectPicker } from './project-picker.tsx';

interface ConditionFieldsProps {
  index: number;
  control: Control<SegmentFormValues>;
  setValue: UseFormSetValue<SegmentFormValues>;
  /** Absent for the last condition: a rule keeps at least one. */
  onRemove?: (() => void) | undefined;
}

/**
 * One condition of a segment's rule: its field, an operator that field takes (core's list) and a
 * value input of the field's kind. Changing the field starts the condition afresh.
 */
export function ConditionFields({ index, control, setValue, onRemove }: ConditionFieldsProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const text = useSegmentText();
  const path = `rules.conditions.${index}` as const;
  const condition = useWatch({ control, name: path });
  const kind = valueKindOf(condition.field);
  const replace = (next: ConditionDraft) =>
    setValue(path, next, { shouldDirty: true, shouldValidate: false });
  const number = index + 1;
  const valueErrorOf = (message: string) => {
    switch (kind) {
      case 'count':
        return t('appSegments.builder.countError', { max: SEGMENT_NUMBER_MAX });
      case 'project':
        return t('appSegments.builder.projectError');
      case 'option':
        return t('appSegments.builder.optionError');
      default:
        return messageText(message);
    }
  };

  return (
    <Box
      component="fieldset"
      sx={{
        m: 0,
        p: 1.5,
        pt: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        minWidth: 0,
      }}
    >
      <Typography component="legend" variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
        {t('appSegments.builder.condition', { number })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1.4fr) auto',
          },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label={t('appSegments.builder.field')}
          value={condition.field}
          onChange={(event) => replace(newCondition(event.target.value as SegmentField))}
        >
          {SEGMENT_FIELDS.map((field) => (
            <MenuItem key={field} value={field}>
              {t(`appSegments.fields.${field}`)}
            </MenuItem>
          ))}
        </TextField>
        <Controller
          control={control}
          name={`${path}.op`}
          render={({ field: { ref, value }, fieldState: { error } }) => (
            <TextField
              select
              size="small"
              inputRef={ref}
              label={t('appSegments.builder.operator')}
              value={value}
              onChange={(event) => replace(withOperator(condition, event.target.value))}
              error={error !== undefined}
              helperText={error?.message && messageText(error.message)}
            >
              {operatorsOf(condition.field).map((op) => (
                <MenuItem key={op} value={op}>
                  {t(`appSegments.operators.${op}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name={`${path}.value`}
          render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => {
            const errorText = error && valueErrorOf(error.message ?? '');
            const invalid = errorText !== undefined;
            if (kind === 'project') {
              return (
                <PickerRow>
                  <ProjectPicker
                    label={t(`appSegments.valueLabels.${condition.field}`)}
                    movieId={typeof value === 'number' ? value : null}
                    onChange={(project) => onChange(project ? project.movie_id : '')}
                    onBlur={onBlur}
                    inputRef={ref}
                    error={errorText}
                  />
                </PickerRow>
              );
            }
            if (kind === 'option') {
              return (
                <PickerRow>
                  <OptionPicker
                    value={value}
                    onChange={onChange}
                    onBlur={onBlur}
                    inputRef={ref}
                    error={errorText}
                  />
                </PickerRow>
              );
            }
            if (kind === 'platform' || kind === 'language') {
              const options: readonly string[] = kind === 'platform' ? APP_PLATFORMS : LANGUAGES;
              const name = kind === 'platform' ? text.platform : text.language;
              const multiple = condition.op === 'in';
              return (
                <TextField
                  select
                  size="small"
                  inputRef={ref}
                  label={t(`appSegments.valueLabels.${condition.field}`)}
                  value={multiple ? (Array.isArray(value) ? value : []) : (value ?? '')}
                  onChange={(event) => onChange(event.target.value as unknown)}
                  onBlur={onBlur}
                  error={invalid}
                  helperText={errorText}
                  slotProps={{
                    select: {
                      multiple,
                      renderValue: (selected) =>
                        (Array.isArray(selected) ? selected : [selected])
                          .map((option) => name(String(option)))
                          .join(t('appSegments.listSeparator')),
                    },
                  }}
                >
                  {options.map((option) => (
                    <MenuItem key={option} value={option}>
                      {name(option)}
                    </MenuItem>
                  ))}
                </TextField>
              );
            }
            return (
              <TextField
                size="small"
                type="number"
                inputRef={ref}
                label={t(`appSegments.valueLabels.${condition.field}`)}
                value={typeof value === 'number' ? String(value) : ''}
                onChange={(event) =>
                  onChange(event.target.value === '' ? '' : Number(event.target.value))
                }
                onBlur={onBlur}
                error={invalid}
                helperText={errorText}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', min: 0, max: SEGMENT_NUMBER_MAX, step: 1 },
                }}
              />
            );
          }}
        />
        <Tooltip title={t('appSegments.builder.removeCondition', { number })}>
          <Box
            component="span"
            sx={{
              justifySelf: { xs: 'end', sm: 'auto' },
              gridRow: { sm: 1 },
              gridColumn: { sm: 4 },
            }}
          >
            <IconButton
              aria-label={t('appSegments.builder.removeCondition', { number })}
              onClick={onRemove}
              disabled={!onRemove}
            >
              <DeleteOutline />
            </IconButton>
          </Box>
        </Tooltip>
      </Box>
    </Box>
  );
}

/** A project or an option is picked by name, on a row of its own under the field and the operator. */
function PickerRow({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: { sm: '1 / 4' }, minWidth: 0 }}>{children}</Box>;
}
