import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { SvgIconComponent } from '@mui/icons-material';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isEntryActive, type MenuEntry } from './menu.ts';

/** The look of a menu row, shared by entry links and the collapsible sidebar's group toggles. */
export const menuRowSx = (theme: Theme) => ({
  mx: 1,
  mb: 0.5,
  px: 1.5,
  minHeight: 44,
  borderRadius: 2,
  '& .MuiListItemIcon-root': { minWidth: 40, color: 'text.secondary' },
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: theme.alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.24 : 0.12),
    color: 'primary.main',
    '& .MuiListItemIcon-root': { color: 'primary.main' },
    '& .MuiListItemText-primary': { fontWeight: 700 },
  },
});

export function MenuRowIcon({ icon: Icon }: { icon: SvgIconComponent }) {
  return (
    <ListItemIcon>
      <Icon fontSize="small" />
    </ListItemIcon>
  );
}

interface MenuEntryLinkProps {
  entry: MenuEntry;
  /** Indented under its group. */
  nested?: boolean;
  /** Only the icon shows (the sidebar rail); the name stays for assistive tech. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function MenuEntryLink({
  entry,
  nested = false,
  collapsed = false,
  onNavigate,
}: MenuEntryLinkProps) {
  const { t } = useTranslation();
  const active = isEntryActive(entry, useLocation().pathname);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={entry.link}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={[menuRowSx, nested && !collapsed && { paddingInlineStart: 3 }]}
      >
        <MenuRowIcon icon={entry.icon} />
        <ListItemText
          primary={t(entry.name)}
          slotProps={{ primary: { noWrap: true } }}
          sx={{ opacity: collapsed ? 0 : 1, transition: 'opacity 150ms' }}
        />
      </ListItemButton>
    </ListItem>
  );
}
