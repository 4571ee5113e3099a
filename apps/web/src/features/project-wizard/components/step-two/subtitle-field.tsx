import CloseRounded from '@mui/icons-material/CloseRounded';
import SubtitlesOutlined from '@mui/icons-material/SubtitlesOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@plotline/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickerButton } from '../../../../components/file-picker-button.tsx';
import { useMessageText } from '../../../../lib/use-message-text.ts';

/** Spec §5: subtitles are .srt files only, whatever the file picker let through. */
const isSrt = (file: File) => file.name.toLowerCase().endsWith('.srt');

interface SubtitleFieldProps {
  /** The uploaded file's name; none without a subtitle. */
  fileName: string | null;
  /** Names the language, e.g. "English", for assistive technology. */
  languageName: string;
  disabled: boolean;
  /** Shows the file only: no upload, no remove. */
  readOnly: boolean;
  /** Rejects when the server refused the file (the caller has said why). */
  onUpload: (file: File, onProgress: (percent: number) => void) => Promise<void>;
  onRemove: () => void;
}

/** A language's subtitle: its file name with a remove action, or a button to upload one. */
export function SubtitleField({
  fileName,
  languageName,
  disabled,
  readOnly,
  onUpload,
  onRemove,
}: SubtitleFieldProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const upload = (file: File) => {
    if (!isSrt(file)) {
      setRefusal(messageText(MESSAGES.subtitleNotSrt));
      return;
    }
    setRefusal(null);
    setProgress(0);
    onUpload(file, setProgress)
      .catch(() => undefined)
      .finally(() => setProgress(null));
  };

  return (
    <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
      {fileName ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Chip
            icon={<SubtitlesOutlined />}
            label={<bdi>{fileName}</bdi>}
            title={fileName}
            variant="outlined"
            sx={{ minWidth: 0, flex: '0 1 auto' }}
          />
          {!readOnly && (
            <IconButton
              size="small"
              aria-label={t('projectWizard.stepTwo.languages.removeSubtitle', {
                file: fileName,
                language: languageName,
              })}
              title={t('projectWizard.stepTwo.languages.removeSubtitle', {
                file: fileName,
                language: languageName,
              })}
              onClick={onRemove}
            >
              <CloseRounded fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ) : readOnly ? null : (
        <FilePickerButton
          variant="outlined"
          size="small"
          startIcon={<UploadFileOutlined />}
          accept=".srt"
          disabled={disabled || progress !== null}
          aria-label={t('projectWizard.stepTwo.languages.subtitleOf', {
            language: languageName,
          })}
          onPick={([file]) => {
            if (file) upload(file);
          }}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {progress === null
            ? t('projectWizard.stepTwo.languages.uploadSubtitle')
            : t('projectWizard.stepTwo.languages.uploading', { percent: progress })}
        </FilePickerButton>
      )}
      {refusal && (
        <Typography role="alert" variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
          {refusal}
        </Typography>
      )}
    </Box>
  );
}
