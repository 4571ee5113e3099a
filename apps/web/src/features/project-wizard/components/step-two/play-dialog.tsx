import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CONTENT_LANGUAGES, type MovieContentStatus } from '@plotline/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hlsSupport, useHlsStream } from '../../../../lib/use-hls-stream.ts';
import { useLanguageName } from '../../../../lib/use-language-name.ts';

interface PlayDialogProps {
  item: MovieContentStatus;
  onClose: () => void;
}

/** Plays a clip or bridge's stream, with its subtitles as text tracks. */
export function PlayDialog({ item, onClose }: PlayDialogProps) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const titleId = useId();
  const subtitles = item.lang.filter((language) => language.file);
  const support = useMemo(hlsSupport, []);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const { failed } = useHlsStream(video, item.url ?? '', item.url ? support : 'none');
  const playable = item.url !== null && support !== 'none' && !failed;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle
        id={titleId}
        dir="auto"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {item.file_name}
      </DialogTitle>
      <DialogContent>
        {playable ? (
          <Box
            component="video"
            ref={setVideo}
            controls
            autoPlay
            playsInline
            poster={item.thumbnail ?? undefined}
            aria-label={t('projectWizard.stepTwo.player', { name: item.file_name })}
            sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black' }}
          >
            {subtitles.map((language) => (
              <track
                key={language.language_id}
                kind="subtitles"
                src={language.file ?? undefined}
                srcLang={
                  CONTENT_LANGUAGES.find((known) => known.language_id === language.language_id)
                    ?.code
                }
                label={languageName(language.language_id)}
              />
            ))}
          </Box>
        ) : (
          <Alert severity="info">{t('projectWizard.stepTwo.playUnsupported')}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
