import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DRAWER_WIDTHS, type SessionUser } from '@plotline/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/app-store.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useAvatarUpload } from '../hooks/use-avatar-upload.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { LinkedIdentities } from './linked-identities.tsx';
import { ProfileEditForm } from './profile-edit-form.tsx';

interface ProfileDrawerProps {
  open: boolean;
  onClose: () => void;
}

function ProfileView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ width: '100%' }}>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {user.name || user.email}
        </Typography>
        <Typography color="text.secondary">{t(`roles.${user.role}`)}</Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('profile.email')}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{user.email}</Typography>
      </Box>
    </Stack>
  );
}

interface ProfilePanelProps {
  user: SessionUser;
  titleId: string;
  onClose: () => void;
}

/** The drawer's content: mounted while the drawer is open, so it opens in view mode every time. */
function ProfilePanel({ user, titleId, onClose }: ProfilePanelProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const avatar = useAvatarUpload();
  const [editing, setEditing] = useState(false);

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 3, py: 2 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('profile.title')}
        </Typography>
        <Button
          size="small"
          variant={editing ? 'contained' : 'outlined'}
          startIcon={<EditOutlined />}
          aria-pressed={editing}
          onClick={() => setEditing((on) => !on)}
        >
          {t('profile.edit')}
        </Button>
        <IconButton aria-label={t('profile.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Stack spacing={3} sx={{ px: 3, pb: 3, alignItems: 'center' }}>
        {avatar.error && (
          <Alert
            severity="error"
            closeText={t('common.close')}
            onClose={avatar.clearError}
            sx={{ width: '100%' }}
          >
            {messageText(avatar.error)}
          </Alert>
        )}
        <AvatarUpload user={user} upload={avatar} editable={editing} />
        {editing ? (
          <ProfileEditForm user={user} busy={avatar.uploading} onSaved={() => setEditing(false)} />
        ) : (
          <>
            <ProfileView user={user} />
            <LinkedIdentities user={user} />
          </>
        )}
      </Stack>
    </>
  );
}

/**
 * Spec §2 "Profile drawer": who is signed in, the identity providers they sign in with, and
 * editing of the avatar, name and password.
 */
export function ProfileDrawer({ open, onClose }: ProfileDrawerProps) {
  const titleId = useId();
  const user = useAppStore((state) => state.user);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: DRAWER_WIDTHS.profile } },
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
        },
      }}
    >
      {user && <ProfilePanel user={user} titleId={titleId} onClose={onClose} />}
    </Drawer>
  );
}
