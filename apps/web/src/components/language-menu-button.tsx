import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { LANGUAGES, directionOf } from '@plotline/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../lib/app-store.ts';
import { LANGUAGE_NAMES } from '../lib/language-names.ts';

export function LanguageMenuButton() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const label = t('header.changeLanguage');

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            dir={directionOf(code)}
            selected={code === language}
            onClick={() => {
              setLanguage(code);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{code === language && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{LANGUAGE_NAMES[code]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
