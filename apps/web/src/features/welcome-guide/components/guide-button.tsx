import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useGuideStore } from '../hooks/use-guide-store.ts';

/** The header's guide (§2 Shell): opens the welcome guide again at any time. */
export function GuideButton() {
  const { t } = useTranslation();
  const reopen = useGuideStore((state) => state.reopen);
  return (
    <Tooltip title={t('welcomeGuide.open')}>
      <IconButton color="inherit" aria-label={t('welcomeGuide.open')} onClick={reopen}>
        <HelpOutlineRounded />
      </IconButton>
    </Tooltip>
  );
}
