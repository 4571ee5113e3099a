import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@plotline/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickerButton } from '../file-picker-button.tsx';
import { isolate } from '../../lib/isolate.ts';
import { useByteFormat } from '../../lib/use-byte-format.ts';
import { useMessageText } from '../../lib/use-message-text.ts';
import { totalSize } from './file-selection.ts';
import { useUploadWidget, type UploadFiles } from './use-upload-widget.ts';

export type { UploadFiles } from './use-upload-widget.ts';

/** Spec §9: the upload box's width; it shrinks with a narrower screen. */
const BOX_WIDTH = 400;

interface UploadWidgetProps {
  /** What the box uploads, e.g. "Upload clips"; names the box for assistive technology. */
  title: string;
  /** A line under the title: which files, how large. */
  hint?: string;
  /** The file types offered, as an input's `accept` (spec §5: `video/*`, `image/*`). */
  accept: string;
  /** Several files at once; otherwise a new pick replaces the previous one. */
  multiple?: boolean;
  disabled?: boolean;
  upload: UploadFiles;
}

/**
 * The shared upload box: pick files (within the upload limit), upload them with a progress bar,
 * and see why an upload failed. Where the files go is the caller's `upload`.
 */
export function UploadWidget({
  title,
  hint,
  accept,
  multiple = false,
  disabled = false,
  upload,
}: UploadWidgetProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const formatBytes = useByteFormat();
  const widget = useUploadWidget(upload, multiple);
  const titleId = useId();
  const locked = disabled || widget.uploading;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        width: '100%',
        maxWidth: BOX_WIDTH,
        p: 2.5,
        borderStyle: 'dashed',
        borderWidth: 2,
        flexShrink: 0,
      }}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: '50%',
              color: 'primary.main',
              bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
            })}
          >
            <CloudUploadOutlined />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {hint && (
              <Typography variant="body2" color="text.secondary">
                {hint}
              </Typography>
            )}
          </Box>
        </Stack>

        {widget.tooLarge && (
          <Alert severity="warning" closeText={t('common.close')} onClose={widget.dismissTooLarge}>
            {messageText(MESSAGES.uploadTooLarge)}
          </Alert>
        )}
        {widget.error && (
          <Alert severity="error" closeText={t('common.close')} onClose={widget.dismissError}>
            {messageText(widget.error)}
          </Alert>
        )}

        {widget.files.length > 0 ? (
          <Box>
            <Stack
              component="ul"
              aria-label={t('uploadWidget.selected')}
              direction="row"
              sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
            >
              {widget.files.map((file) => (
                <Box
                  component="li"
                  key={`${file.name}-${file.size}-${file.lastModified}`}
                  sx={{ maxWidth: '100%' }}
                >
                  <Chip
                    label={
                      // The name is isolated so a right-to-left page keeps it apart from the size.
                      <>
                        <bdi>{file.name}</bdi> · {formatBytes(file.size)}
                      </>
                    }
                    onDelete={locked ? undefined : () => widget.remove(file)}
                    title={file.name}
                    sx={{ maxWidth: '100%' }}
                  />
                </Box>
              ))}
            </Stack>
            {widget.files.length > 1 && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {t('uploadWidget.total', { size: formatBytes(totalSize(widget.files)) })}
              </Typography>
            )}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t(multiple ? 'uploadWidget.noFiles' : 'uploadWidget.noFile')}
          </Typography>
        )}

        {widget.progress !== null && (
          <Box>
            {widget.resumed && (
              // Told politely, as the bar jumps to the share already sent.
              <Alert severity="info" role="status" sx={{ mb: 1.5 }}>
                {t('uploadWidget.resumed', {
                  name: isolate(widget.resumed.name),
                  percent: widget.resumed.percent,
                })}
              </Alert>
            )}
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <LinearProgress
                variant="determinate"
                value={widget.progress}
                aria-label={t('uploadWidget.progress')}
                sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
              />
              <Typography
                variant="body2"
                sx={{ minWidth: '4ch', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}
              >
                {t('uploadWidget.percent', { percent: widget.progress })}
              </Typography>
            </Stack>
            {widget.progress === 100 && !widget.uploading && (
              <Typography variant="caption" color="success.main" component="p" sx={{ mt: 0.5 }}>
                {t('uploadWidget.complete')}
              </Typography>
            )}
          </Box>
        )}

        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <FilePickerButton
            variant="outlined"
            accept={accept}
            multiple={multiple}
            disabled={locked}
            onPick={widget.pick}
          >
            {t(multiple ? 'uploadWidget.chooseFiles' : 'uploadWidget.chooseFile')}
          </FilePickerButton>
          <Button
            variant="contained"
            startIcon={<CloudUploadOutlined />}
            disabled={locked || widget.files.length === 0}
            onClick={widget.start}
          >
            {t('uploadWidget.upload')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
