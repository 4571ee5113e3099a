import LoginRounded from '@mui/icons-material/LoginRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppStore } from '../lib/app-store.ts';
import { flipInRtl } from '../lib/flip-in-rtl.ts';

/** Where the sign-in screen already is: the root shows it too (spec §2). */
const SIGN_IN_PATHS = new Set(['/', '/login']);

/**
 * Spec §2 Shell: a header shows a login button while nobody is signed in (and a profile menu once
 * someone is). Not on the sign-in screen itself.
 */
export function LoginButton() {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => state.user !== null);
  const { pathname } = useLocation();
  if (signedIn || SIGN_IN_PATHS.has(pathname.replace(/\/+$/, '') || '/')) return null;
  return (
    <Button
      component={Link}
      to="/login"
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<LoginRounded sx={flipInRtl} />}
      sx={{ marginInlineStart: 0.5, whiteSpace: 'nowrap' }}
    >
      {t('header.login')}
    </Button>
  );
}
