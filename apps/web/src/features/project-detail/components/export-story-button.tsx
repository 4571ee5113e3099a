import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden.ts';
import { useDownloadStoryArchive } from '../api/story-archive.ts';

/**
 * Downloads the project as a story archive (a zip to import into Plotline again). A story's
 * sources can weigh gigabytes, so the browser saves it as its own download (through a download
 * ticket), showing its progress where it shows every download; the button is busy only while the
 * ticket is asked for, and a status region tells screen readers that the download has started.
 */
export function ExportStoryButton({ movieId }: { movieId: number }) {
  const { t } = useTranslation();
  const hintId = useId();
  const download = useDownloadStoryArchive();
  useErrorToast(download.error);
  const status = download.isPending
    ? t('storyArchive.exporting')
    : download.isSuccess
      ? t('storyArchive.exported')
      : '';
  return (
    <>
      <Tooltip title={t('storyArchive.exportHint')} describeChild>
        <Button
          variant="outlined"
          startIcon={<Inventory2Outlined />}
          loading={download.isPending}
          loadingPosition="start"
          onClick={() => download.mutate(movieId)}
          aria-describedby={hintId}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {download.isPending ? t('storyArchive.exporting') : t('storyArchive.export')}
        </Button>
      </Tooltip>
      <span id={hintId} style={VISUALLY_HIDDEN}>
        {t('storyArchive.exportHint')}
      </span>
      <span role="status" style={VISUALLY_HIDDEN}>
        {status}
      </span>
    </>
  );
}
