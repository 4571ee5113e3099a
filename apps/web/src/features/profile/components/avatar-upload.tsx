import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AVATAR_MAX_BYTES, type SessionUser } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import type { AvatarUploadState } from '../hooks/use-avatar-upload.ts';

interface AvatarUploadProps {
  user: Pick<SessionUser, 'name' | 'email' | 'avatar'>;
  upload: AvatarUploadState;
  /** View mode shows the picture without the upload control. */
  editable?: boolean;
}

/** The avatar with its image picker and the upload's progress bar. */
export function AvatarUpload({ user, upload, editable = true }: AvatarUploadProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', width: '100%' }}>
      <UserAvatar
        name={user.name}
        email={user.email}
        src={upload.preview ?? user.avatar}
        size={96}
      />
      {editable && (
        <>
          <FilePickerButton
            variant="outlined"
            size="small"
            startIcon={<PhotoCameraOutlined />}
            accept="image/*"
            disabled={upload.uploading}
            onPick={([file]) => {
              if (file) upload.upload(file);
            }}
          >
            {t('profile.uploadAvatar')}
          </FilePickerButton>
          <Typography variant="caption" color="text.secondary">
            {t('profile.avatarHint', { megabytes: AVATAR_MAX_BYTES / 1024 / 1024 })}
          </Typography>
        </>
      )}
      {upload.progress !== null && (
        <Box sx={{ width: '100%', maxWidth: 280 }}>
          <LinearProgress
            variant="determinate"
            value={upload.progress}
            aria-label={t('profile.uploadProgress')}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('profile.uploading', { percent: upload.progress })}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
