import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageMenuButton } from '../../../components/language-menu-button.tsx';
import { LoginButton } from '../../../components/login-button.tsx';
import { ModeToggleButton } from '../../../components/mode-toggle-button.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useTerms } from '../api/get-terms.ts';
import { MarkdownText } from './markdown-text.tsx';

/** A leading `# Title` line of the operator's file, which becomes the page's own heading. */
const LEADING_TITLE = /^\s*#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/;

/** The operator's file split into the page's title (its leading `# Title`, if any) and the rest. */
export function splitTitle(markdown: string): { title: string | null; body: string } {
  const match = LEADING_TITLE.exec(markdown);
  return match
    ? { title: match[1]!, body: markdown.slice(match[0].length) }
    : { title: null, body: markdown };
}

/**
 * /terms-conditions: the operator's terms (`TERMS_FILE` on the server), public, opened in a new
 * tab from the register screen. The file's own leading heading titles the page, so the page has
 * one h1 whatever the file holds.
 */
export function TermsPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const messageText = useMessageText();
  const terms = useTerms();
  const { title, body } = splitTitle(terms.data?.markdown ?? '');
  const heading = title ?? t('termsPage.title');
  // The page's title is the one h1: a body that has h1 headings of its own moves them down a level.
  const headingShift = /^#[ \t]/m.test(body) ? 1 : 0;
  const appName = t('app.name');

  useEffect(() => {
    document.title = `${heading} · ${appName}`;
  }, [heading, appName]);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Stack
        component="header"
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          maxWidth: 880,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 2,
        }}
      >
        <Link
          component={RouterLink}
          to="/"
          aria-label={t('termsPage.home')}
          underline="none"
          sx={{ display: 'flex' }}
        >
          <BrandLogo size={34} />
        </Link>
        <Stack direction="row" spacing={0.5} sx={{ color: 'text.secondary', alignItems: 'center' }}>
          <LanguageMenuButton />
          <ModeToggleButton />
          <LoginButton />
        </Stack>
      </Stack>
      <Box component="main" sx={{ maxWidth: 880, mx: 'auto', px: { xs: 2, sm: 3 }, pb: 8 }}>
        <Box
          component="article"
          aria-busy={terms.isPending}
          sx={{
            p: { xs: 2.5, sm: 5 },
            borderRadius: 3,
            bgcolor: 'background.paper',
            boxShadow: '0 12px 40px rgba(20, 16, 48, 0.08)',
          }}
        >
          {/* The operator's words take their own direction, whatever the studio's language. */}
          <Typography
            component="h1"
            variant="h3"
            dir={title === null ? undefined : 'auto'}
            sx={{ fontWeight: 900, fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 1 }}
          >
            {heading}
          </Typography>
          {terms.data && (
            <Typography color="text.secondary" sx={{ mb: 4 }}>
              {t('termsPage.updated', { date: dates.date(terms.data.updated_at) })}
            </Typography>
          )}
          {terms.isPending && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
              <CircularProgress aria-label={t('app.loading')} />
            </Box>
          )}
          {terms.error && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void terms.refetch()}>
                  {t('termsPage.retry')}
                </Button>
              }
            >
              {messageText(terms.error.message)}
            </Alert>
          )}
          {terms.data && (
            <Box dir="auto">
              <MarkdownText headingShift={headingShift}>{body}</MarkdownText>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
