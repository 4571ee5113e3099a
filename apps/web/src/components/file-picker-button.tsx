import Button, { type ButtonProps } from '@mui/material/Button';
import { VISUALLY_HIDDEN } from '../lib/visually-hidden.ts';

interface FilePickerButtonProps extends Pick<
  ButtonProps,
  'variant' | 'size' | 'startIcon' | 'disabled' | 'sx' | 'children'
> {
  /** The file types offered, as an input's `accept`. */
  accept: string;
  multiple?: boolean;
  /** Names the input when the button's text does not say enough. */
  'aria-label'?: string;
  /** The files picked: at most one without `multiple`, possibly none. */
  onPick: (files: File[]) => void;
}

/**
 * A button that opens the file picker. The native file input, visually hidden, is the one control
 * that keyboard and assistive technology reach; the `<label>` around it only looks like a button
 * and forwards a click to it. Were the label a button too (role and tab stop), there would be two
 * controls in one, a nested-interactive failure (WCAG 4.1.2) and a second, dead tab stop.
 */
export function FilePickerButton({
  accept,
  multiple,
  disabled,
  'aria-label': ariaLabel,
  onPick,
  sx,
  children,
  ...button
}: FilePickerButtonProps) {
  return (
    <Button
      {...button}
      component="label"
      role={undefined}
      tabIndex={-1}
      disabled={disabled}
      sx={[
        // The input has the focus; the button shows it, as it would show its own.
        (theme) => ({
          '&:has(input:focus-visible)': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-label={ariaLabel}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Cleared so that picking the same file again is a change too.
          event.target.value = '';
          onPick(picked);
        }}
        style={VISUALLY_HIDDEN}
      />
    </Button>
  );
}
