import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BANNER_SIZES, MESSAGES, type BannerKind, type Project } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FilePickerButton } from '../../../../components/file-picker-button.tsx';
import { useDeleteErrorToast } from '../../../../lib/use-delete-error-toast.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useDeleteBanner } from '../../api/delete-banner.ts';
import { useUploadBanner } from '../../api/upload-banner.ts';
import { ImagePreview } from '../shared/image-preview.tsx';
import { ImageUploadProgress } from '../shared/image-upload-progress.tsx';

/** The preview's greatest height; its width follows the kind's recommended proportions. */
const PREVIEW_HEIGHT = 180;

interface BannerImageFieldProps {
  project: Project;
  kind: BannerKind;
  /** Shows the image only: no upload, no delete. */
  readOnly: boolean;
}

/** One banner image: its recommended size (spec §5), a preview, upload with progress and delete. */
export function BannerImageField({ project, kind, readOnly }: BannerImageFieldProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const toastDeleteError = useDeleteErrorToast();
  const titleId = useId();
  const upload = useUploadBanner(project);
  const remove = useDeleteBanner(project);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const image = project.banners[kind];
  const size = BANNER_SIZES[kind];
  const name = t(`projectWizard.stepTwo.banner.kinds.${kind}`);
  const locked = progress !== null || remove.isPending;

  const onPick = (file: File) => {
    setError(null);
    setProgress(0);
    upload.mutate(
      {
        movieId: project.movieId,
        kind,
        mediaId: image.mediaId,
        file,
        onProgress: setProgress,
      },
      {
        onError: (failure) => {
          setError(failure.message);
          enqueueSnackbar(messageText(failure.message), { variant: 'error' });
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const onDelete = () =>
    remove.mutate(
      { movieId: project.movieId, kind },
      {
        onError: toastDeleteError,
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box>
        <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('projectWizard.stepTwo.banner.size', size)}
        </Typography>
      </Box>
      <Box
        sx={{
          height: PREVIEW_HEIGHT,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 1.5,
          bgcolor: 'action.hover',
        }}
      >
        <Box
          sx={{
            width: `min(100%, ${Math.round((PREVIEW_HEIGHT * size.width) / size.height)}px)`,
            aspectRatio: `${size.width} / ${size.height}`,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            borderRadius: 1,
            border: 1,
            borderStyle: image.url ? 'solid' : 'dashed',
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <ImagePreview
            src={image.url}
            alt={t('projectWizard.stepTwo.banner.previewOf', { kind: name })}
            emptyText={t('projectWizard.stepTwo.banner.empty')}
          />
        </Box>
      </Box>
      {error && (
        <Alert severity="error" closeText={t('common.close')} onClose={() => setError(null)}>
          {messageText(error)}
        </Alert>
      )}
      {progress !== null && (
        <ImageUploadProgress
          percent={progress}
          label={t('projectWizard.stepTwo.banner.uploadProgress', { kind: name })}
          caption={t('projectWizard.stepTwo.banner.uploading', { percent: progress })}
        />
      )}
      {!readOnly && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 'auto' }}>
          <FilePickerButton
            variant="outlined"
            size="small"
            startIcon={<UploadOutlined />}
            accept="image/*"
            disabled={locked}
            aria-label={t('projectWizard.stepTwo.banner.imageOf', { kind: name })}
            onPick={([file]) => {
              if (file) onPick(file);
            }}
          >
            {t(
              image.url
                ? 'projectWizard.stepTwo.banner.replace'
                : 'projectWizard.stepTwo.banner.upload',
            )}
          </FilePickerButton>
          {image.url && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              disabled={locked}
              aria-label={t('projectWizard.stepTwo.banner.delete', { kind: name })}
              onClick={() => setConfirming(true)}
            >
              {t('projectWizard.stepTwo.banner.deleteShort')}
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('projectWizard.stepTwo.banner.deleteTitle')}
        message={messageText(MESSAGES.confirmDelete)}
        detail={name}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </Paper>
  );
}
