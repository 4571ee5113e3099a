import Chip from '@mui/material/Chip';

const COLORS = {
  active: 'success',
  invited: 'info',
  disabled: 'default',
} as const;

interface StatusChipProps {
  status: keyof typeof COLORS;
  label: string;
}

/** The status of a company or a user at a glance: green active, blue invited, grey disabled. */
export function StatusChip({ status, label }: StatusChipProps) {
  return (
    <Chip
      size="small"
      label={label}
      color={COLORS[status]}
      variant={status === 'disabled' ? 'outlined' : 'filled'}
      sx={(theme) => ({
        fontWeight: 700,
        // White on MUI's light-mode info blue is 4.1:1, under AA's 4.5:1: its dark tone then.
        ...(status === 'invited' && theme.palette.mode === 'light' && { bgcolor: 'info.dark' }),
      })}
    />
  );
}
