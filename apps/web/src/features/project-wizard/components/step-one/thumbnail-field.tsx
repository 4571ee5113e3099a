import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@plotline/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FilePickerButton } from '../../../../components/file-picker-button.tsx';
import { useDeleteErrorToast } from '../../../../lib/use-delete-error-toast.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useDeleteArtwork } from '../../api/delete-artwork.ts';
import { useThumbnailUpload } from '../../hooks/use-thumbnail-upload.ts';
import type { ThumbnailKind } from '../../model/thumbnails.ts';
import { ImagePreview } from '../shared/image-preview.tsx';
import { ImageUploadProgress } from '../shared/image-upload-progress.tsx';

/** The preview's frame: a phone's portrait for the mobile thumbnail, a landscape for desktop. */
const FRAMES: Record<ThumbnailKind, { width: number; aspectRatio: string }> = {
  thumbnailMobile: { width: 96, aspectRatio: '9 / 16' },
  thumbnailDesktop: { width: 192, aspectRatio: '16 / 9' },
};

interface ThumbnailFieldProps {
  kind: ThumbnailKind;
  /** The project; none until a save or an upload has made it. */
  movieId: number | undefined;
  /** The thumbnail the project has. */
  url: string | null;
  /** A published project shows its thumbnail without upload or delete. */
  readOnly: boolean;
  /** Another call is making the project: an upload now would make a second one. */
  disabled: boolean;
  onProjectCreated: (movieId: number) => void;
}

/** One thumbnail of step 1: preview, upload with progress, and delete after a confirmation. */
export function ThumbnailField({
  kind,
  movieId,
  url,
  readOnly,
  disabled,
  onProjectCreated,
}: ThumbnailFieldProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const toastDeleteError = useDeleteErrorToast();
  const titleId = useId();
  const upload = useThumbnailUpload({ kind, movieId, onProjectCreated });
  const remove = useDeleteArtwork();
  const [confirming, setConfirming] = useState(false);
  const name = t(`projectWizard.stepOne.thumbnailNames.${kind}`);
  const src = upload.preview ?? url;
  const frame = FRAMES[kind];
  const locked = disabled || upload.uploading || remove.isPending;

  const onDelete = () => {
    if (movieId === undefined) return;
    remove.mutate(
      { movieId, kind },
      {
        onSuccess: () => upload.clearPreview(),
        onError: toastDeleteError,
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: frame.width,
            maxWidth: '45%',
            aspectRatio: frame.aspectRatio,
            flexShrink: 0,
            borderRadius: 1.5,
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <ImagePreview src={src} alt={name} emptyText={t('projectWizard.stepOne.noImage')} />
        </Box>
        <Stack spacing={1.25} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box>
            <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`projectWizard.stepOne.thumbnailHints.${kind}`)}
            </Typography>
          </Box>
          {upload.error && (
            <Alert severity="error" closeText={t('common.close')} onClose={upload.clearError}>
              {messageText(upload.error)}
            </Alert>
          )}
          {upload.progress !== null && (
            <ImageUploadProgress
              percent={upload.progress}
              label={t('projectWizard.stepOne.uploadProgress', { name })}
              caption={t('projectWizard.stepOne.uploading', { percent: upload.progress })}
            />
          )}
          {!readOnly && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <FilePickerButton
                variant="outlined"
                size="small"
                startIcon={<UploadOutlined />}
                accept="image/*"
                disabled={locked}
                onPick={([file]) => {
                  if (file) upload.upload(file);
                }}
              >
                {t(
                  src ? 'projectWizard.stepOne.replaceImage' : 'projectWizard.stepOne.uploadImage',
                )}
              </FilePickerButton>
              {url && movieId !== undefined && (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutline />}
                  disabled={locked}
                  onClick={() => setConfirming(true)}
                >
                  {t('projectWizard.stepOne.deleteImage')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('projectWizard.stepOne.deleteTitle')}
        message={messageText(MESSAGES.confirmDelete)}
        detail={name}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </Paper>
  );
}
