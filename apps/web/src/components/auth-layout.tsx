import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BranchingIllustration } from './branching-illustration.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { LanguageMenuButton } from './language-menu-button.tsx';
import { LoginButton } from './login-button.tsx';
import { ModeToggleButton } from './mode-toggle-button.tsx';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/**
 * The frame of the public account pages (sign-in, register, the password steps, the first profile):
 * the illustrated panel on wide screens, and the page's card beside it.
 */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        sx={(theme) => ({
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          gap: 4,
          p: 6,
          color: 'common.white',
          background: `linear-gradient(145deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 130%)`,
        })}
      >
        <BrandLogo inverted size={40} />
        <Stack spacing={3} sx={{ maxWidth: 520 }}>
          <BranchingIllustration />
          <Typography component="p" variant="h3" sx={{ fontWeight: 900 }}>
            {t('signIn.heroTitle')}
          </Typography>
          <Typography sx={{ fontSize: 18, opacity: 0.88 }}>{t('signIn.heroText')}</Typography>
        </Stack>
        <Typography variant="body2" sx={{ opacity: 0.7 }}>
          {t('app.tagline')}
        </Typography>
      </Box>

      <Stack sx={{ p: { xs: 2.5, sm: 4 }, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Box sx={{ display: { md: 'none' } }}>
            <BrandLogo size={34} />
          </Box>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ marginInlineStart: 'auto', alignItems: 'center', color: 'text.secondary' }}
          >
            <LanguageMenuButton />
            <ModeToggleButton />
            <LoginButton />
          </Stack>
        </Stack>
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: { xs: 4, md: 2 } }}>
          <Box
            component="main"
            sx={{
              width: '100%',
              maxWidth: 420,
              p: { xs: 0, sm: 4 },
              borderRadius: 3,
              bgcolor: { sm: 'background.paper' },
              boxShadow: { sm: '0 12px 40px rgba(20, 16, 48, 0.08)' },
            }}
          >
            <Typography component="h1" variant="h4" gutterBottom>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 3.5 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}
