import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useFullscreen } from './use-fullscreen.ts';

export function FullscreenButton() {
  const { t } = useTranslation();
  const [fullscreen, toggle] = useFullscreen();
  const label = t('header.toggleFullscreen');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={fullscreen} onClick={toggle}>
        {fullscreen ? <FullscreenExit /> : <Fullscreen />}
      </IconButton>
    </Tooltip>
  );
}
