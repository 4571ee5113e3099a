import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isEntryActive, type MenuGroup } from './menu.ts';
import { useVisibleMenu } from './use-visible-menu.ts';

/** Offsets the bar under the sticky header so it stays in view once the page scrolls past it. */
const HEADER_HEIGHT = 64;

export function useGroupActive(group: MenuGroup): boolean {
  const { pathname } = useLocation();
  return group.child.some((entry) => isEntryActive(entry, pathname));
}

/** A group with one entry is a plain link to it. */
function GroupLink({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const active = useGroupActive(group);
  const [entry] = group.child;
  if (!entry) return null;
  const Icon = group.icon;
  return (
    <Button
      component={Link}
      to={entry.link}
      color={active ? 'primary' : 'inherit'}
      aria-current={active ? 'page' : undefined}
      startIcon={<Icon />}
      sx={{ px: 1.5, whiteSpace: 'nowrap' }}
    >
      {t(group.name)}
    </Button>
  );
}

interface GroupToggleProps {
  group: MenuGroup;
  open: boolean;
  onToggle: (anchor: HTMLElement) => void;
  controls: string;
}

/** The bar button of a group with several entries, opening its menu or panel. */
export function GroupToggle({ group, open, onToggle, controls }: GroupToggleProps) {
  const { t } = useTranslation();
  const active = useGroupActive(group);
  const Icon = group.icon;
  return (
    <Button
      color={active || open ? 'primary' : 'inherit'}
      aria-haspopup="true"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={(event) => onToggle(event.currentTarget)}
      startIcon={<Icon />}
      endIcon={
        <ExpandMore
          sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
        />
      }
      sx={{ px: 1.5, whiteSpace: 'nowrap' }}
    >
      {t(group.name)}
    </Button>
  );
}

interface MenuBarProps {
  /** How a group with several entries is shown: a dropdown list or a mega panel. */
  renderGroup: (group: MenuGroup) => ReactNode;
}

/** The horizontal menu under the header, for the top-navigation and mega-menu layouts. */
export function MenuBar({ renderGroup }: MenuBarProps) {
  const { t } = useTranslation();
  const groups = useVisibleMenu();
  return (
    <Box
      component="nav"
      aria-label={t('menu.mainMenu')}
      sx={(theme) => ({
        position: 'sticky',
        top: HEADER_HEIGHT,
        zIndex: theme.zIndex.appBar - 1,
        display: 'flex',
        gap: 0.5,
        px: 3,
        py: 1,
        flexWrap: 'wrap',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      })}
    >
      {groups.map((group) =>
        group.child.length === 1 ? (
          <GroupLink key={group.key} group={group} />
        ) : (
          <Box key={group.key}>{renderGroup(group)}</Box>
        ),
      )}
    </Box>
  );
}
