import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoryVariable } from '@plotline/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One part of a plot's story logic: a named group of fields (a fieldset, for assistive tech). */
export function LogicSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ m: 0, p: 0, border: 0, minWidth: 0 }}>
      <Typography
        component="legend"
        variant="subtitle2"
        sx={{ p: 0, mb: 1, fontWeight: 600, color: 'text.primary' }}
      >
        {legend}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One row of a condition or of the effects: its pickers, wrapping on a narrow screen, and its
 * remove button, which stays at the row's end; `lead` (the join word) above all rows but the first.
 */
export function LogicRow({
  lead,
  removeLabel,
  onRemove,
  children,
}: {
  lead?: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {lead && (
        <Typography
          variant="caption"
          sx={{ display: 'block', mb: 1, color: 'text.secondary', fontWeight: 700 }}
        >
          {lead}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flex: 1, minWidth: 0, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          {children}
        </Stack>
        <IconButton
          aria-label={removeLabel}
          title={removeLabel}
          onClick={onRemove}
          sx={{ mt: 0.25 }}
        >
          <Close fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** A picker of the project's variables; a name no longer declared stays shown, marked unknown. */
export function VariablePicker({
  variables,
  value,
  onChange,
}: {
  variables: readonly StoryVariable[];
  value: string;
  onChange: (variable: StoryVariable) => void;
}) {
  const { t } = useTranslation();
  const known = variables.some((variable) => variable.name === value);
  return (
    <TextField
      select
      size="small"
      label={t('storyLogic.logic.variable')}
      value={value}
      error={!known}
      onChange={(event) => {
        const variable = variables.find((candidate) => candidate.name === event.target.value);
        if (variable) onChange(variable);
      }}
      sx={{ flex: '1 1 120px', minWidth: 112 }}
    >
      {!known && (
        <MenuItem value={value} disabled>
          {t('storyLogic.logic.unknownVariable', { name: value })}
        </MenuItem>
      )}
      {variables.map((variable) => (
        <MenuItem key={variable.name} value={variable.name}>
          {variable.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Yes or no, for a yes/no variable's value. */
export function YesNoPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ? 'yes' : 'no'}
      onChange={(event) => onChange(event.target.value === 'yes')}
      sx={{ width: 96, flexShrink: 0 }}
    >
      <MenuItem value="yes">{t('storyLogic.yes')}</MenuItem>
      <MenuItem value="no">{t('storyLogic.no')}</MenuItem>
    </TextField>
  );
}
