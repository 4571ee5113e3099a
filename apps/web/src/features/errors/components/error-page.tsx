import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { useMessageText } from '../../../lib/use-message-text.ts';

interface ErrorPageProps {
  code: string;
  message: string;
}

/** A whole page, outside the app frame, with a way back to the dashboard. */
function ErrorPage({ code, message }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <BrandLogo />
      <MessagePanel
        headingLevel="h1"
        visual={
          <Typography component="span" sx={{ fontSize: 44, fontWeight: 900 }}>
            {code}
          </Typography>
        }
        title={message}
        action={
          <Button component={Link} to="/app" variant="contained" size="large">
            {t('errorPage.backToDashboard')}
          </Button>
        }
      />
    </Box>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return <ErrorPage code={t('errorPage.notFoundCode')} message={messageText(MESSAGES.notFound)} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (
    <ErrorPage
      code={t('errorPage.serverErrorCode')}
      message={messageText(MESSAGES.serverWentWrong)}
    />
  );
}
