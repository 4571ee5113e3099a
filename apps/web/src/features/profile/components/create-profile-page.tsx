import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SessionUser } from '@plotline/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { useAvatarUpload } from '../hooks/use-avatar-upload.ts';
import { profileNameFormSchema } from '../model/profile-form.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { ProfileNameField } from './profile-name-field.tsx';

function CreateProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const avatar = useAvatarUpload();
  const save = useSaveProfile();
  const { control, handleSubmit, watch } = useForm({
    resolver: zodResolver(profileNameFormSchema(user)),
    defaultValues: { name: user.name ?? '' },
    mode: 'onChange',
  });
  const blank = watch('name').trim() === '';

  const onSubmit = handleSubmit(({ name }) => {
    save.reset();
    save.mutate({ user, name }, { onSuccess: () => void navigate('/app', { replace: true }) });
  });

  const error = save.error?.message ?? avatar.error;
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {error && (
        <Alert
          severity="error"
          closeText={t('common.close')}
          onClose={() => {
            save.reset();
            avatar.clearError();
          }}
        >
          {messageText(error)}
        </Alert>
      )}
      <AvatarUpload user={user} upload={avatar} />
      <ProfileNameField control={control} name="name" user={user} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={save.isPending}
        disabled={blank || avatar.uploading}
      >
        {t('createProfile.save')}
      </Button>
    </Stack>
  );
}

/** /create-profile: the avatar and the name of a new account, then on to the dashboard. */
export function CreateProfilePage() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  return (
    <AuthLayout title={t('createProfile.title')} subtitle={t('createProfile.subtitle')}>
      {user && <CreateProfileForm user={user} />}
    </AuthLayout>
  );
}
