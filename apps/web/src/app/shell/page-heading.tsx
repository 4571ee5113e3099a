import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { pageTitleFromPath } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { MENU } from './menu/menu.ts';

const MENU_LINKS = new Set(MENU.flatMap((group) => group.child.map((entry) => entry.link)));

interface Crumb {
  path: string;
  label: string;
}

/** The title of the page and the way to it: Home / its menu page / … / this page. */
export function PageHeading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = usePageTitle(pathname);
  if (!title) return null;

  const segments = pathname.replace(/\/+$/, '').split('/').filter(Boolean).slice(1);
  const crumbs: Crumb[] = segments.map((segment, index) => {
    const path = `/app/${segments.slice(0, index + 1).join('/')}`;
    const text = pageTitleFromPath(`/${segment}`) || segment;
    return {
      path,
      label: /^\d+$/.test(segment) ? segment : t(`pageTitles.${text}`, { defaultValue: text }),
    };
  });

  return (
    <Box sx={{ mb: 3 }}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <Breadcrumbs
        separator=" / "
        aria-label={t('header.breadcrumbs')}
        sx={{ mt: 0.5, fontSize: 14 }}
      >
        <Link component={RouterLink} to="/app" underline="hover" color="inherit">
          {t('header.home')}
        </Link>
        {crumbs.map((crumb, index) =>
          index < crumbs.length - 1 && MENU_LINKS.has(crumb.path) ? (
            <Link
              key={crumb.path}
              component={RouterLink}
              to={crumb.path}
              underline="hover"
              color="inherit"
            >
              {crumb.label}
            </Link>
          ) : (
            <Typography
              key={crumb.path}
              color={index === crumbs.length - 1 ? 'text.primary' : 'inherit'}
              aria-current={index === crumbs.length - 1 ? 'page' : undefined}
              sx={{ fontSize: 'inherit' }}
            >
              {crumb.label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
