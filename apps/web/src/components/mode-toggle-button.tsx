import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../lib/app-store.ts';

export function ModeToggleButton() {
  const { t } = useTranslation();
  const dark = useAppStore((state) => state.mode === 'dark');
  const toggleMode = useAppStore((state) => state.toggleMode);
  const label = t('header.toggleDarkMode');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={dark} onClick={toggleMode}>
        {dark ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
