import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  VARIABLE_NUMBER_LIMIT,
  type StoryVariable,
  type VariableValue,
  type VariableValues,
} from '@plotline/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface NumberFieldProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
}

/**
 * A number variable's field. What is typed stays as typed ('-' on the way to '-3'); only a whole
 * number is set. A value changed from outside (an effect, Start over) replaces the text.
 */
function NumberField({ name, value, onChange }: NumberFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const whole = /^-?\d+$/.test(text.trim());
  return (
    <TextField
      size="small"
      type="number"
      label={name}
      value={text}
      error={!whole}
      helperText={whole ? undefined : t('storyPaths.wholeNumber')}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          step: 1,
          min: -VARIABLE_NUMBER_LIMIT,
          max: VARIABLE_NUMBER_LIMIT,
          dir: 'ltr',
        },
      }}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        if (/^-?\d+$/.test(typed.trim())) {
          const number = Number(typed);
          setShown(number);
          onChange(number);
        }
      }}
    />
  );
}

interface VariableFieldsProps {
  variables: readonly StoryVariable[];
  values: VariableValues;
  onChange: (name: string, value: VariableValue) => void;
}

/** Every variable of the story at its value where the path is, to set as the creator likes. */
export function VariableFields({ variables, values, onChange }: VariableFieldsProps) {
  const { t } = useTranslation();
  if (variables.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('storyPaths.noVariables')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {variables.map((variable) => {
        const value = values[variable.name] ?? variable.start;
        return typeof value === 'boolean' ? (
          <FormControlLabel
            key={variable.name}
            control={
              <Switch
                checked={value}
                onChange={(event) => onChange(variable.name, event.target.checked)}
              />
            }
            label={
              <>
                {variable.name}{' '}
                {/* The switch says on or off; sighted readers get the story's own word. */}
                <Typography component="span" color="text.secondary" aria-hidden>
                  ({t(value ? 'storyLogic.words.yes' : 'storyLogic.words.no')})
                </Typography>
              </>
            }
            sx={{ m: 0, gap: 0.5 }}
          />
        ) : (
          <NumberField
            key={variable.name}
            name={variable.name}
            value={value}
            onChange={(number) => onChange(variable.name, number)}
          />
        );
      })}
    </Stack>
  );
}
