import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** A public page (register, password steps, maintenance…) that is not built yet. */
export function PublicComingSoonPage() {
  const { t } = useTranslation();
  const title = usePageTitle(useLocation().pathname);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper component="main" sx={{ width: '100%', maxWidth: 560, p: { xs: 2, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <BrandLogo />
        </Box>
        <Typography color="text.secondary" sx={{ textAlign: 'center', fontWeight: 700 }}>
          {title}
        </Typography>
        <MessagePanel
          headingLevel="h1"
          visual={<RocketLaunchOutlined />}
          title={t('comingSoon.title')}
          text={t('comingSoon.text')}
          action={
            <Button component={Link} to="/" variant="contained">
              {t('comingSoon.backToSignIn')}
            </Button>
          }
        />
      </Paper>
    </Box>
  );
}
