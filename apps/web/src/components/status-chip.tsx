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
      sx={{ fontWeight: 700 }}
    />
  );
}
