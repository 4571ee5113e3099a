import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CONTENT_TYPE, UPLOAD_LIMIT_BYTES, type ContentType } from '@plotline/core';
import { useIsMutating } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadWidget } from '../../../../components/upload-widget/upload-widget.tsx';
import { useByteFormat } from '../../../../lib/use-byte-format.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useMovieStatus } from '../../api/movie-status.ts';
import { useRetryTranscode } from '../../api/retry-transcode.ts';
import { uploadMovieContentMutationOptions } from '../../api/upload-movie-content.ts';
import { useContentUpload } from '../../hooks/use-content-upload.ts';
import { ContentList } from './content-list.tsx';

/** Spec §2 step 2's tabs; Banner comes with the banner issue. */
const TABS = [
  { type: CONTENT_TYPE.clip, key: 'clip' },
  { type: CONTENT_TYPE.bridge, key: 'bridge' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

interface ContentPanelProps {
  /** The project; none until the first upload makes a draft. */
  movieId: number | undefined;
  onProjectCreated: (movieId: number) => void;
}

interface ContentTabProps extends ContentPanelProps {
  type: ContentType;
  tab: TabKey;
  disabled: boolean;
}

function ContentTab({ movieId, onProjectCreated, type, tab, disabled }: ContentTabProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const formatBytes = useByteFormat();
  const { enqueueSnackbar } = useSnackbar();
  const status = useMovieStatus(movieId);
  const retry = useRetryTranscode(movieId ?? 0);
  const upload = useContentUpload({ movieId, type, onProjectCreated });
  const items = (status.data ?? []).filter((item) => item.type === type);
  // Spec §8: polling errors are ignored; only a list that could not be read at all is an error.
  const error =
    status.data === undefined && status.error ? messageText(status.error.message) : null;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <UploadWidget
        title={t(`projectWizard.upload.${tab}`)}
        hint={t('projectWizard.videoHint', { size: formatBytes(UPLOAD_LIMIT_BYTES) })}
        accept="video/*"
        multiple
        disabled={disabled}
        upload={upload}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        <ContentList
          label={t(`projectWizard.list.${tab}`)}
          items={items}
          loading={movieId !== undefined && status.isPending}
          error={error}
          emptyHint={t(`projectWizard.empty.${tab}`)}
          onRetry={(id) =>
            retry.mutate(id, {
              onError: (failure) =>
                enqueueSnackbar(messageText(failure.message), { variant: 'error' }),
            })
          }
        />
      </Box>
    </Stack>
  );
}

/**
 * Step 2 of the project wizard (spec §2): the clips and the bridges, each uploaded in its tab and
 * listed with its transcode status. Both tabs stay mounted so an upload goes on behind the other.
 */
export function ContentPanel({ movieId, onProjectCreated }: ContentPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('clip');
  const idPrefix = useId();
  // Until the first upload has made the project, a second one would make a second project.
  const creating =
    useIsMutating({ mutationKey: uploadMovieContentMutationOptions().mutationKey }) > 0 &&
    movieId === undefined;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h5">
        {t('projectWizard.contentTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
        {t(movieId === undefined ? 'projectWizard.contentIntroNew' : 'projectWizard.contentIntro')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: TabKey) => setTab(value)}
        aria-label={t('projectWizard.tabsLabel')}
        sx={{ mt: 2, mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ key }) => (
          <Tab
            key={key}
            value={key}
            label={t(`projectWizard.tabs.${key}`)}
            id={`${idPrefix}-tab-${key}`}
            aria-controls={`${idPrefix}-panel-${key}`}
          />
        ))}
      </Tabs>
      {TABS.map(({ key, type }) => (
        <Box
          key={key}
          role="tabpanel"
          hidden={tab !== key}
          id={`${idPrefix}-panel-${key}`}
          aria-labelledby={`${idPrefix}-tab-${key}`}
        >
          <ContentTab
            movieId={movieId}
            onProjectCreated={onProjectCreated}
            type={type}
            tab={key}
            disabled={creating}
          />
        </Box>
      ))}
    </Paper>
  );
}
