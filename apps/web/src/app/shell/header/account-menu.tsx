import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar, initialsOf } from '../../../components/user-avatar.tsx';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { ProfileDrawer } from '../../../features/profile/components/lazy-profile-drawer.tsx';
import { useAppStore } from '../../../lib/app-store.ts';

export function AccountMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const user = useAppStore((state) => state.user);
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;
  // The avatar's initials are text on the button, so its name holds them too (WCAG 2.5.3): a
  // voice-control user says what they see.
  const label = `${t('header.account')}: ${initialsOf(user.name, user.email)}`;

  return (
    <>
      <Tooltip title={t('header.account')}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <UserAvatar name={user.name} email={user.email} src={user.avatar} />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {user.name || user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          {t('header.profile')}
        </MenuItem>
        <MenuItem disabled={logout.isPending} onClick={() => logout.mutate()}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('header.logOut')}
        </MenuItem>
      </Menu>
      <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
