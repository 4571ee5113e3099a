import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { MenuEntryLink } from './menu-entry-link.tsx';
import { useVisibleMenu } from './use-visible-menu.ts';

/** The big sidebar's menu: every entry in view, under its group's heading. */
export function GroupedMenu() {
  const { t } = useTranslation();
  const groups = useVisibleMenu();
  return (
    <nav aria-label={t('menu.mainMenu')}>
      {groups.map((group) => (
        <List
          key={group.key}
          dense
          subheader={
            <ListSubheader
              disableSticky
              sx={{
                bgcolor: 'transparent',
                lineHeight: '36px',
                px: 3,
                fontSize: 12,
                fontWeight: 700,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
              }}
            >
              {t(group.name)}
            </ListSubheader>
          }
        >
          {group.child.map((entry) => (
            <MenuEntryLink key={entry.key} entry={entry} />
          ))}
        </List>
      ))}
    </nav>
  );
}
