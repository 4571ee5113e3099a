import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { DRAWER_WIDTHS } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { GroupedMenu } from '../menu/grouped-menu.tsx';
import { DrawerBrand } from './drawer-brand.tsx';

function UserCard() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  if (!user) return null;
  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        mx: 2,
        mb: 1,
        p: 1.5,
        borderRadius: 3,
        bgcolor: theme.alpha(
          theme.palette.primary.main,
          theme.palette.mode === 'dark' ? 0.16 : 0.08,
        ),
      })}
    >
      <UserAvatar name={user.name} email={user.email} src={user.avatar} size={44} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {user.name || user.email}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {t(`roles.${user.role}`)}
        </Typography>
      </Box>
    </Box>
  );
}

/** The default layout's drawer: 292 px, the user on top, every entry in view under its group. */
export function BigSidebarDrawer() {
  const open = useAppStore((state) => state.sidebarOpen);
  return (
    <Drawer
      variant="persistent"
      anchor="left"
      open={open}
      sx={(theme) => ({
        width: open ? DRAWER_WIDTHS.bigSidebar : 0,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
        '& .MuiDrawer-paper': { width: DRAWER_WIDTHS.bigSidebar },
      })}
    >
      <DrawerBrand />
      <UserCard />
      <Box sx={{ overflowY: 'auto', pb: 2 }}>
        <GroupedMenu />
      </Box>
    </Drawer>
  );
}
