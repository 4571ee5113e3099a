import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { newsSignupSchema } from '@plotline/core';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { isolate } from '../../../lib/isolate.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSignUpForNews } from '../api/sign-up-for-news.ts';

const emailFormSchema = newsSignupSchema.pick({ email: true });

/**
 * /coming-soon: the page an operator points visitors at before the launch. It asks for an address
 * to write to when the studio opens, sent with the language the page is read in.
 */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const language = useAppStore((state) => state.language);
  const signUp = useSignUpForNews();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(({ email }) => {
    signUp.reset();
    signUp.mutate({ email, language });
  });

  const signIn = (
    <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
      {t('comingSoonPage.haveAccount')}{' '}
      <Link component={RouterLink} to="/login" underline="hover" fontWeight={700}>
        {t('comingSoonPage.signIn')}
      </Link>
    </Typography>
  );

  if (signUp.isSuccess) {
    return (
      <AuthLayout title={t('comingSoonPage.title')}>
        <Stack spacing={3}>
          <Stack
            role="status"
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
          >
            <Box sx={{ color: 'success.main', display: 'flex' }}>
              <MarkEmailReadOutlined fontSize="large" />
            </Box>
            <Box>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 800 }}>
                {t('comingSoonPage.thanksTitle')}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('comingSoonPage.thanksText', { email: isolate(signUp.data.email) })}
              </Typography>
            </Box>
          </Stack>
          {signIn}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('comingSoonPage.title')} subtitle={t('comingSoonPage.subtitle')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {signUp.error && (
          <Alert severity="error" closeText={t('common.close')} onClose={() => signUp.reset()}>
            {messageText(signUp.error.message)}
          </Alert>
        )}
        <Controller
          control={control}
          name="email"
          render={({ field: { ref, ...field }, fieldState: { error } }) => (
            <TextField
              {...field}
              inputRef={ref}
              label={t('comingSoonPage.email')}
              type="email"
              autoComplete="email"
              error={error !== undefined}
              helperText={error?.message && messageText(error.message)}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={signUp.isPending}>
          {t('comingSoonPage.submit')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          <Trans
            i18nKey="comingSoonPage.privacy"
            components={{
              terms: (
                <Link
                  href="/terms-conditions"
                  target="_blank"
                  rel="noopener"
                  underline="hover"
                  fontWeight={700}
                />
              ),
            }}
          />
        </Typography>
        {signIn}
      </Stack>
    </AuthLayout>
  );
}
