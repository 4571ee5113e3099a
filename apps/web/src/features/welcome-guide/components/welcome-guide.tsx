import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import PublicRounded from '@mui/icons-material/PublicRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MobileStepper from '@mui/material/MobileStepper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSignedIn, useAppStore } from '../../../lib/app-store.ts';
import { useFinishGuide } from '../api/finish-guide.ts';
import { useGuideStore } from '../hooks/use-guide-store.ts';

/** §9: the welcome guide has 5 steps. */
const STEPS: { key: string; icon: ReactNode }[] = [
  { key: 'dashboard', icon: <DashboardOutlined /> },
  { key: 'projects', icon: <MovieFilterOutlined /> },
  { key: 'storyline', icon: <AccountTreeOutlined /> },
  { key: 'publishing', icon: <PublicRounded /> },
  { key: 'figures', icon: <InsightsOutlined /> },
];

/**
 * §2 Shell, §9: the 5-step welcome guide. It opens by itself until the user has finished or
 * dismissed it once (the session user's `guide_done`, kept by the server for every device), and
 * from the header's guide button at any time. Skip, close, Escape and Finish all dismiss it.
 */
export function WelcomeGuide() {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const user = useAppStore((state) => (selectSignedIn(state) ? state.user : null));
  const updateUser = useAppStore((state) => state.updateUser);
  const reopened = useGuideStore((state) => state.reopened);
  const close = useGuideStore((state) => state.close);
  const finishGuide = useFinishGuide();
  const [step, setStep] = useState(0);
  const open = user !== null && (reopened || !user.guide_done);
  const last = step === STEPS.length - 1;

  const dismiss = () => {
    close();
    setStep(0);
    if (user && !user.guide_done) {
      // Remembered at once, so it does not open again while the call is on its way.
      updateUser({ ...user, guide_done: true });
      finishGuide.mutate();
    }
  };
  const next = () => (last ? dismiss() : setStep(step + 1));
  const back = () => setStep(Math.max(step - 1, 0));
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward && !last) setStep(step + 1);
    if (event.key === backward) back();
  };

  const current = STEPS[step] ?? STEPS[0]!;
  const titleId = 'welcome-guide-title';
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      onKeyDown={onKeyDown}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby="welcome-guide-text"
      slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)' } } } }}
    >
      <DialogTitle id={titleId} sx={{ pe: 7 }}>
        <Typography
          variant="overline"
          component="span"
          sx={{ display: 'block' }}
          color="text.secondary"
        >
          {t('welcomeGuide.counter', { step: step + 1, total: STEPS.length })}
        </Typography>
        {t(`welcomeGuide.steps.${current.key}.title`)}
      </DialogTitle>
      <IconButton
        aria-label={t('welcomeGuide.close')}
        onClick={dismiss}
        sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
      >
        <CloseRounded />
      </IconButton>
      <DialogContent>
        <Box
          aria-hidden
          sx={(theme) => ({
            display: 'grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            mb: 2,
            borderRadius: '50%',
            color: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
            '& svg': { fontSize: 40 },
          })}
        >
          {current.icon}
        </Box>
        <Typography id="welcome-guide-text">
          {t(`welcomeGuide.steps.${current.key}.text`)}
        </Typography>
      </DialogContent>
      <MobileStepper
        variant="dots"
        steps={STEPS.length}
        position="static"
        activeStep={step}
        sx={{ justifyContent: 'center', bgcolor: 'transparent' }}
        backButton={null}
        nextButton={null}
      />
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {!last && (
          <Button onClick={dismiss} color="inherit" sx={{ marginInlineEnd: 'auto' }}>
            {t('welcomeGuide.skip')}
          </Button>
        )}
        <Button onClick={back} disabled={step === 0}>
          {t('welcomeGuide.back')}
        </Button>
        <Button onClick={next} variant="contained" autoFocus>
          {last ? t('welcomeGuide.finish') : t('welcomeGuide.next')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
