import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface NoDataProps {
  /** Why the list is empty, e.g. that a search matched nothing. */
  hint?: string;
  action?: ReactNode;
}

/** The spec's 'No Data' placeholder, shown where an empty list's rows would be. */
export function NoData({ hint, action }: NoDataProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <Box
        aria-hidden
        sx={(theme) => ({
          display: 'grid',
          placeItems: 'center',
          width: 88,
          height: 88,
          borderRadius: '50%',
          color: 'primary.main',
          background: `radial-gradient(circle at 30% 30%, ${theme.alpha(theme.palette.primary.main, 0.2)}, ${theme.alpha(theme.palette.secondary.main, 0.1)})`,
          '& svg': { fontSize: 44 },
        })}
      >
        <InboxOutlined />
      </Box>
      <Typography component="p" variant="h6">
        {t('list.noData')}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
          {hint}
        </Typography>
      )}
      {action}
    </Stack>
  );
}
