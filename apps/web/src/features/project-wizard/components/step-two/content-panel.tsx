import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  CONTENT_TYPE,
  MESSAGES,
  UPLOAD_LIMIT_BYTES,
  type ContentType,
  type MovieContentStatus,
} from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { UploadWidget } from '../../../../components/upload-widget/upload-widget.tsx';
import { useByteFormat } from '../../../../lib/use-byte-format.ts';
import { useDeleteErrorToast } from '../../../../lib/use-delete-error-toast.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useDeleteMovieContent } from '../../api/delete-movie-content.ts';
import { useMovieStatus } from '../../api/movie-status.ts';
import { useRetryTranscode } from '../../api/retry-transcode.ts';
import { useContentUpload } from '../../hooks/use-content-upload.ts';
import { ContentList } from './content-list.tsx';
import { PlayDialog } from './play-dialog.tsx';

/** Spec §2 step 2's tabs: the clips and the bridges, then the banner. */
const TABS = [
  { type: CONTENT_TYPE.clip, key: 'clip' },
  { type: CONTENT_TYPE.bridge, key: 'bridge' },
] as const;

type TabKey = (typeof TABS)[number]['key'] | 'banner';

interface ContentPanelProps {
  movieId: number;
  /** A published project's items: listed and playable, neither uploaded, retried nor deleted. */
  readOnly: boolean;
  /** The Banner tab's content. */
  banner: ReactNode;
  /** What each item shows under its status: its languages. */
  renderDetails: (item: MovieContentStatus) => ReactNode;
}

interface ContentTabProps extends Pick<
  ContentPanelProps,
  'movieId' | 'readOnly' | 'renderDetails'
> {
  type: ContentType;
  tab: (typeof TABS)[number]['key'];
}

function ContentTab({ movieId, readOnly, renderDetails, type, tab }: ContentTabProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const formatBytes = useByteFormat();
  const { enqueueSnackbar } = useSnackbar();
  const toastDeleteError = useDeleteErrorToast();
  const status = useMovieStatus(movieId);
  const retry = useRetryTranscode(movieId);
  const upload = useContentUpload({ movieId, type });
  const remove = useDeleteMovieContent();
  const [playing, setPlaying] = useState<MovieContentStatus | null>(null);
  // The item outlives the dialog's opening, so its name stays put while the dialog closes.
  const [deleting, setDeleting] = useState<MovieContentStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const items = (status.data ?? []).filter((item) => item.type === type);
  // Spec §8: polling errors are ignored; only a list that could not be read at all is an error.
  const error =
    status.data === undefined && status.error ? messageText(status.error.message) : null;

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { movieId, id: deleting.movie_content_id },
      {
        onError: toastDeleteError,
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    // The list, with each item's languages, takes the width; the upload box sits beside it only
    // on the widest screens.
    <Stack direction={{ xs: 'column', xl: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      {!readOnly && (
        <UploadWidget
          title={t(`projectWizard.upload.${tab}`)}
          hint={t('projectWizard.videoHint', { size: formatBytes(UPLOAD_LIMIT_BYTES) })}
          accept="video/*"
          multiple
          upload={upload}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        <ContentList
          label={t(`projectWizard.list.${tab}`)}
          items={items}
          loading={status.isPending}
          error={error}
          emptyHint={t(`projectWizard.empty.${tab}`)}
          onRetry={
            readOnly
              ? undefined
              : (id) =>
                  retry.mutate(id, {
                    onError: (failure) =>
                      enqueueSnackbar(messageText(failure.message), { variant: 'error' }),
                  })
          }
          onPlay={setPlaying}
          onDelete={
            readOnly
              ? undefined
              : (item) => {
                  setDeleting(item);
                  setConfirming(true);
                }
          }
          renderDetails={renderDetails}
        />
      </Box>
      {playing && <PlayDialog item={playing} onClose={() => setPlaying(null)} />}
      <ConfirmDialog
        open={confirming}
        title={t('projectWizard.stepTwo.deleteTitle')}
        message={messageText(MESSAGES.confirmDelete)}
        detail={deleting?.file_name}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </Stack>
  );
}

function TabPanel({
  idPrefix,
  value,
  current,
  children,
}: {
  idPrefix: string;
  value: TabKey;
  current: TabKey;
  children: ReactNode;
}) {
  return (
    <Box
      role="tabpanel"
      hidden={current !== value}
      id={`${idPrefix}-panel-${value}`}
      aria-labelledby={`${idPrefix}-tab-${value}`}
    >
      {children}
    </Box>
  );
}

/**
 * The tabs of step 2 of the project wizard (spec §2): the clips and the bridges, each uploaded in
 * its tab and listed with its transcode status, and the banner. The tabs stay mounted so an upload
 * goes on behind another tab.
 */
export function ContentPanel({ movieId, readOnly, banner, renderDetails }: ContentPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('clip');
  const idPrefix = useId();
  const labels: Record<TabKey, string> = {
    clip: t('projectWizard.tabs.clip'),
    bridge: t('projectWizard.tabs.bridge'),
    banner: t('projectWizard.stepTwo.tabs.banner'),
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h5">
        {t('projectWizard.stepTwo.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
        {t('projectWizard.stepTwo.intro')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: TabKey) => setTab(value)}
        aria-label={t('projectWizard.tabsLabel')}
        sx={{ mt: 2, mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {Object.entries(labels).map(([key, label]) => (
          <Tab
            key={key}
            value={key}
            label={label}
            id={`${idPrefix}-tab-${key}`}
            aria-controls={`${idPrefix}-panel-${key}`}
          />
        ))}
      </Tabs>
      {TABS.map(({ key, type }) => (
        <TabPanel key={key} idPrefix={idPrefix} value={key} current={tab}>
          <ContentTab
            movieId={movieId}
            readOnly={readOnly}
            renderDetails={renderDetails}
            type={type}
            tab={key}
          />
        </TabPanel>
      ))}
      <TabPanel idPrefix={idPrefix} value="banner" current={tab}>
        {banner}
      </TabPanel>
    </Paper>
  );
}
