import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/app-store.ts';

function InfoTile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'center' }}>
      <Box
        sx={(theme) => ({
          display: 'grid',
          placeItems: 'center',
          width: 48,
          height: 48,
          borderRadius: 3,
          color: 'primary.main',
          bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
        })}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" noWrap>
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const name = user?.name?.trim();
  return (
    <Stack spacing={3}>
      <Paper
        sx={(theme) => ({
          p: { xs: 3, md: 4 },
          color: 'common.white',
          background: `linear-gradient(120deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main} 60%, ${theme.palette.secondary.main} 140%)`,
        })}
      >
        <Typography component="h1" variant="h4" sx={{ fontWeight: 900 }}>
          {name ? t('dashboard.greeting', { name }) : t('dashboard.greetingNoName')}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.9, maxWidth: 640 }}>{t('dashboard.intro')}</Typography>
      </Paper>
      {user && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <InfoTile
            icon={<AccountCircleOutlined />}
            label={user.email}
            value={name ?? user.email}
          />
          <InfoTile
            icon={<WorkspacesOutlined />}
            label={t('dashboard.role')}
            value={t(`roles.${user.role}`)}
          />
          <InfoTile
            icon={<InsightsOutlined />}
            label={t('dashboard.account')}
            value={t(`dashboard.companyTypes.${user.company_type ?? 'none'}`)}
          />
        </Box>
      )}
    </Stack>
  );
}
