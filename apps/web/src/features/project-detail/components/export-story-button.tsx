import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden.ts';
import { useDownloadStoryArchive } from '../api/story-archive.ts';

/**
 * Downloads the project as a story archive (a zip to import into Plotline again). A story's
 * sources can weigh gigabytes: the button stays busy, with the share received, until the browser
 * has the whole file; a status region tells screen readers when it starts and ends (not every
 * percent, which would drown what they read).
 */
export function ExportStoryButton({ movieId }: { movieId: number }) {
  const { t } = useTranslation();
  const hintId = useId();
  const download = useDownloadStoryArchive();
  const [percent, setPercent] = useState<number | null>(null);
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
          onClick={() => {
            setPercent(null);
            download.mutate({ movieId, onProgress: setPercent });
          }}
          aria-describedby={hintId}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {!download.isPending
            ? t('storyArchive.export')
            : percent === null
              ? t('storyArchive.exporting')
              : t('storyArchive.exportingPercent', { percent })}
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
