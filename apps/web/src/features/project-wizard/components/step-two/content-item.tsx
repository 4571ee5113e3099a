import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Replay from '@mui/icons-material/Replay';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { transcodeLook, type MovieContentStatus, type TranscodeLook } from '@plotline/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../../lib/format-duration.ts';

interface ContentItemProps {
  item: MovieContentStatus;
  /** None where the item cannot be retried (a published project's), nor deleted. */
  onRetry?: (id: number) => void;
  /** Plays the item's stream; offered once it has one. */
  onPlay: (item: MovieContentStatus) => void;
  onDelete?: (item: MovieContentStatus) => void;
  /** What the item shows under its status, e.g. its languages. */
  children?: ReactNode;
}

/** Spec §4: ready grey, processing blue, failed red-tinted. */
function lookStyle(look: TranscodeLook) {
  return (theme: Theme) => {
    const tint = {
      ready: theme.palette.grey[500],
      processing: theme.palette.info.main,
      failed: theme.palette.error.main,
    }[look];
    return {
      borderColor: theme.alpha(tint, 0.5),
      bgcolor: theme.alpha(tint, look === 'ready' ? 0.1 : 0.08),
    };
  };
}

function Preview({ item, look }: { item: MovieContentStatus; look: TranscodeLook }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={(theme) => ({
        position: 'relative',
        display: 'grid',
        placeItems: 'center',
        width: { xs: 96, sm: 128 },
        aspectRatio: '16 / 9',
        flexShrink: 0,
        overflow: 'hidden',
        borderRadius: 1,
        bgcolor: look === 'ready' ? 'common.black' : theme.alpha(theme.palette.text.primary, 0.06),
        color: look === 'failed' ? 'error.main' : 'info.main',
      })}
    >
      {look === 'ready' && item.thumbnail ? (
        <Box
          component="img"
          src={item.thumbnail}
          alt={t('projectWizard.thumbnailOf', { name: item.file_name })}
          // Out of the flow, so a portrait poster is fitted into the box instead of stretching it.
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
          }}
        />
      ) : look === 'failed' ? (
        <ErrorOutline aria-hidden />
      ) : (
        <HourglassTopOutlined aria-hidden />
      )}
    </Box>
  );
}

function ProcessingStatus({ item }: { item: MovieContentStatus }) {
  const { t } = useTranslation();
  const text =
    item.status === 'queued'
      ? t('projectWizard.status.queued')
      : item.status === 'playable'
        ? t('projectWizard.status.playable', { percent: item.progress })
        : t('projectWizard.status.processing', { percent: item.progress });
  return (
    <>
      <Typography
        variant="body2"
        // Info blue as text is 4.1:1 on white, under AA's 4.5:1: its dark tone in light mode.
        sx={(theme) => ({ color: theme.palette.mode === 'dark' ? 'info.main' : 'info.dark' })}
      >
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        color="info"
        value={item.progress}
        aria-label={t('projectWizard.transcodeProgress', { name: item.file_name })}
        sx={{ mt: 1, maxWidth: 280 }}
      />
    </>
  );
}

/**
 * One clip or bridge with its transcode status; a failed one says why and offers a retry. It plays
 * once it has a stream and can be deleted in any state, where retry and delete are offered.
 */
export function ContentItem({ item, onRetry, onPlay, onDelete, children }: ContentItemProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const look = transcodeLook(item);
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      data-look={look}
      sx={[
        {
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          p: 1.5,
          border: 1,
          borderRadius: 2,
        },
        lookStyle(look),
      ]}
    >
      <Preview item={item} look={look} />
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography
          id={nameId}
          variant="subtitle2"
          title={item.file_name}
          // A file name keeps its own direction (its ellipsis at its end) on a right-to-left page;
          // `left` is the page's start, as the RTL style plugin flips it to `right` there.
          dir="auto"
          sx={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            textAlign: 'left',
          }}
        >
          {item.file_name}
        </Typography>
        {look === 'ready' && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: 'text.secondary' }}
          >
            <ScheduleOutlined aria-hidden sx={{ fontSize: 16 }} />
            <Typography variant="body2">
              {item.duration === null
                ? t('projectWizard.status.ready')
                : t('projectWizard.duration', { duration: formatDuration(item.duration) })}
            </Typography>
          </Stack>
        )}
        {look === 'processing' && <ProcessingStatus item={item} />}
        {look === 'failed' && (
          <>
            <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 700 }}>
              {t('projectWizard.status.failed')}
            </Typography>
            <Typography
              variant="body2"
              // The server's log is in English whatever the page's language: it keeps its direction.
              dir="auto"
              sx={{
                color: 'text.secondary',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                textAlign: 'left',
              }}
            >
              {item.transcoder_log}
            </Typography>
          </>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', marginInlineStart: 'auto' }}>
        {look === 'failed' && onRetry && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            startIcon={<Replay />}
            onClick={() => onRetry(item.movie_content_id)}
          >
            {t('projectWizard.retry')}
          </Button>
        )}
        {item.url && (
          <IconButton
            color="primary"
            aria-label={t('projectWizard.stepTwo.play', { name: item.file_name })}
            title={t('projectWizard.stepTwo.play', { name: item.file_name })}
            onClick={() => onPlay(item)}
          >
            <PlayArrowRounded />
          </IconButton>
        )}
        {onDelete && (
          <IconButton
            aria-label={t('projectWizard.stepTwo.deleteItem', { name: item.file_name })}
            title={t('projectWizard.stepTwo.deleteItem', { name: item.file_name })}
            onClick={() => onDelete(item)}
          >
            <DeleteOutline />
          </IconButton>
        )}
      </Stack>
      {children && <Box sx={{ flexBasis: '100%', minWidth: 0 }}>{children}</Box>}
    </Box>
  );
}
