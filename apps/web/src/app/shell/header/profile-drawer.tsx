import Close from '@mui/icons-material/Close';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DRAWER_WIDTHS } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAppStore } from '../../../lib/app-store.ts';

interface ProfileDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §2 "Profile drawer": for now it shows who is signed in; editing comes later. */
export function ProfileDrawer({ open, onClose }: ProfileDrawerProps) {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: DRAWER_WIDTHS.profile } },
          'aria-label': t('profile.title'),
        },
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2 }}
      >
        <Typography component="h2" variant="h6">
          {t('profile.title')}
        </Typography>
        <IconButton aria-label={t('profile.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      {user && (
        <Stack spacing={3} sx={{ px: 3, pb: 3, alignItems: 'center', textAlign: 'center' }}>
          <UserAvatar name={user.name} email={user.email} src={user.avatar} size={96} />
          <Box>
            <Typography variant="h5">{user.name || user.email}</Typography>
            <Typography color="text.secondary">{t(`roles.${user.role}`)}</Typography>
          </Box>
          <Box sx={{ width: '100%', textAlign: 'start' }}>
            <Typography variant="caption" color="text.secondary">
              {t('profile.email')}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{user.email}</Typography>
          </Box>
          <Alert
            severity="info"
            icon={<ConstructionOutlined />}
            sx={{ width: '100%', textAlign: 'start' }}
          >
            {t('profile.editingSoon')}
          </Alert>
        </Stack>
      )}
    </Drawer>
  );
}
