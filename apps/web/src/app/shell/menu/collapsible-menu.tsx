import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppStore } from '../../../lib/app-store.ts';
import { MenuEntryLink, MenuRowIcon, menuRowSx } from './menu-entry-link.tsx';
import { isEntryActive } from './menu.ts';
import { useVisibleMenu } from './use-visible-menu.ts';

interface CollapsibleMenuProps {
  /** The sidebar rail: icons only. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The sidebar's and the mobile drawer's menu: groups fold open and shut. */
export function CollapsibleMenu({ collapsed = false, onNavigate }: CollapsibleMenuProps) {
  const { t } = useTranslation();
  const groups = useVisibleMenu();
  const { pathname } = useLocation();
  const subMenuOpen = useAppStore((state) => state.subMenuOpen);
  const toggleSubMenu = useAppStore((state) => state.toggleSubMenu);
  const openSubMenu = useAppStore((state) => state.openSubMenu);
  const activeGroup = groups.find((group) =>
    group.child.some((entry) => isEntryActive(entry, pathname)),
  )?.key;

  useEffect(() => {
    // The page being shown must be findable in the menu.
    if (activeGroup) openSubMenu(activeGroup);
  }, [activeGroup, openSubMenu]);

  return (
    <nav aria-label={t('menu.mainMenu')}>
      <List sx={{ py: 1 }}>
        {groups.map((group) => {
          const [only] = group.child;
          if (only && group.child.length === 1 && only.name === group.name) {
            return (
              <MenuEntryLink
                key={group.key}
                entry={only}
                collapsed={collapsed}
                onNavigate={onNavigate}
              />
            );
          }
          const open = subMenuOpen.includes(group.key);
          return (
            <ListItem key={group.key} disablePadding sx={{ display: 'block' }}>
              <ListItemButton
                aria-expanded={open}
                onClick={() => toggleSubMenu(group.key)}
                sx={menuRowSx}
              >
                <MenuRowIcon icon={group.icon} />
                <ListItemText
                  primary={t(group.name)}
                  slotProps={{ primary: { noWrap: true } }}
                  sx={{ opacity: collapsed ? 0 : 1, transition: 'opacity 150ms' }}
                />
                {!collapsed &&
                  (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
              </ListItemButton>
              <Collapse in={open}>
                <List disablePadding>
                  {group.child.map((entry) => (
                    <MenuEntryLink
                      key={entry.key}
                      entry={entry}
                      nested
                      collapsed={collapsed}
                      onNavigate={onNavigate}
                    />
                  ))}
                </List>
              </Collapse>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}
