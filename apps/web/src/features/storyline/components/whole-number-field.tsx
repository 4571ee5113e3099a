import TextField from '@mui/material/TextField';
import { useState } from 'react';

interface WholeNumberFieldProps {
  label: string;
  value: number;
  /** The typed number, or null while the text is no allowed value. */
  parse: (text: string) => number | null;
  /** Shown while the text is no allowed value. */
  invalidText: string;
  disabled?: boolean;
  onChange: (value: number) => void;
  width?: number;
}

/**
 * A whole number typed by the user: each allowed value is passed on as it is typed, anything
 * else ("", "-", out of range) stays in the field with `invalidText` and changes nothing.
 */
export function WholeNumberField({
  label,
  value,
  parse,
  invalidText,
  disabled = false,
  onChange,
  width = 112,
}: WholeNumberFieldProps) {
  const [text, setText] = useState(String(value));
  // A value changed from outside (undo of a picker, a reload) replaces what is shown.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const invalid = parse(text) === null;
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? invalidText : undefined}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parse(event.target.value);
        if (parsed !== null && parsed !== value) {
          setShown(parsed);
          onChange(parsed);
        }
      }}
      onBlur={() => {
        if (invalid) setText(String(value));
      }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', dir: 'ltr' },
        formHelperText: { sx: { mx: 0 } },
      }}
      sx={{ width, flexShrink: 0 }}
    />
  );
}
