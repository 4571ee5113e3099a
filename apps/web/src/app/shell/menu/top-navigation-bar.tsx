import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { GroupToggle, MenuBar } from './menu-bar.tsx';
import { isEntryActive, type MenuGroup } from './menu.ts';

function GroupDropdown({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <GroupToggle group={group} open={anchor !== null} onToggle={setAnchor} controls={menuId} />
      {/* Kept inside the <nav> so the entries belong to the main menu for assistive tech. */}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close} disablePortal>
        {group.child.map((entry) => {
          const Icon = entry.icon;
          const active = isEntryActive(entry, pathname);
          return (
            <MenuItem
              key={entry.key}
              component={Link}
              to={entry.link}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={close}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(entry.name)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

export function TopNavigationBar() {
  return <MenuBar renderGroup={(group) => <GroupDropdown group={group} />} />;
}
