import { VISUALLY_HIDDEN } from '../lib/visually-hidden.ts';

interface HiddenFileInputProps {
  /** The file types offered, as an input's `accept`. */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Names the input when the button around it does not say enough. */
  'aria-label'?: string;
  /** The files picked: at most one without `multiple`, possibly none. */
  onPick: (files: File[]) => void;
}

/**
 * The native file input, hidden inside the `<Button component="label">` that opens it, so the
 * button is what the user sees and the input is still what assistive technology reaches.
 */
export function HiddenFileInput({ onPick, ...input }: HiddenFileInputProps) {
  return (
    <input
      type="file"
      {...input}
      onChange={(event) => {
        const picked = Array.from(event.target.files ?? []);
        // Cleared so that picking the same file again is a change too.
        event.target.value = '';
        onPick(picked);
      }}
      style={VISUALLY_HIDDEN}
    />
  );
}
