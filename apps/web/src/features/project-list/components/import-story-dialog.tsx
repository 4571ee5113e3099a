import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useByteFormat } from '../../../lib/use-byte-format.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useImportStory } from '../api/import-story.ts';
import { projectDetailAddress } from '../model/project-list-view.ts';

const ZIP = /\.zip$/i;

/** The project list's "Import a story" button and its dialog. */
export function ImportStoryButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('storyArchive.importStory')}
      </Button>
      {open && <ImportStoryDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Uploads a story archive with its progress, then opens the new draft. While the server checks
 * the archive after the last byte (it unpacks it and probes every clip), the bar runs on without
 * a figure. A refusal stays in the dialog, in the user's language when it is one of core's.
 */
function ImportStoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const bytes = useByteFormat();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const textId = useId();
  const importing = useImportStory();
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  /** The server's refusal of the last import: the same file may be sent again (after a 5xx). */
  const [refused, setRefused] = useState<string | null>(null);
  const busy = importing.isPending;
  const notZip = file !== null && !ZIP.test(file.name);
  const problem = notZip ? t('storyArchive.notZipFile') : refused;

  const pick = ([picked]: File[]) => {
    if (!picked) return;
    setFile(picked);
    setRefused(null);
  };

  const refusal = (error: Error) => {
    // A 413 from a proxy in front of the server has no message of ours.
    if (
      error instanceof ApiError &&
      error.status === 413 &&
      error.message === MESSAGES.somethingWentWrong
    ) {
      return t('storyArchive.tooLarge');
    }
    return messageText(error.message);
  };

  const start = () => {
    if (!file || notZip) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    setRefused(null);
    importing.mutate(
      { file, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: ({ movieId, title }) => {
          enqueueSnackbar(t('storyArchive.imported', { title }), { variant: 'success' });
          void navigate(projectDetailAddress(movieId));
        },
        onError: (error) => {
          if (!controller.signal.aborted) setRefused(refusal(error));
        },
      },
    );
  };

  const cancel = () => {
    abort.current?.abort();
    onClose();
  };

  const checking = busy && progress >= 100;
  return (
    <Dialog
      open
      onClose={busy ? undefined : cancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('storyArchive.importStory')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={textId}>{t('storyArchive.dialogText')}</DialogContentText>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1.5, alignItems: { sm: 'center' } }}
          >
            <FilePickerButton
              accept=".zip,application/zip"
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={busy}
              onPick={pick}
              sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
            >
              {t('storyArchive.chooseFile')}
            </FilePickerButton>
            <Typography
              variant="body2"
              color={file ? 'text.primary' : 'text.secondary'}
              dir="auto"
              aria-live="polite"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {file
                ? t('storyArchive.chosen', { name: file.name, size: bytes(file.size) })
                : t('storyArchive.noFile')}
            </Typography>
          </Stack>
          {busy && (
            <Stack spacing={0.5}>
              <LinearProgress
                variant={checking ? 'indeterminate' : 'determinate'}
                value={progress}
                aria-label={t('storyArchive.progressLabel')}
              />
              <Typography variant="body2" color="text.secondary" role="status">
                {checking
                  ? t('storyArchive.checking')
                  : t('storyArchive.uploading', { percent: progress })}
              </Typography>
            </Stack>
          )}
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={cancel}>{t('storyArchive.cancel')}</Button>
        <Button
          variant="contained"
          onClick={start}
          disabled={!file || notZip}
          loading={busy}
          loadingPosition="start"
          startIcon={<FileUploadOutlined />}
        >
          {t('storyArchive.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
