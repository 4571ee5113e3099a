import CodeRounded from '@mui/icons-material/CodeRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ANY_ORIGIN, embedCode, embedUrl, type Project } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type EmbeddedProject = Pick<
  Project,
  'title' | 'slug' | 'watch_url' | 'view_mode' | 'shareable' | 'embed_origins' | 'status'
>;

/** Where viewers watch: the server's `watch_url`'s site (the public address), else this one. */
function siteOf(project: EmbeddedProject): string {
  try {
    return project.watch_url ? new URL(project.watch_url).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/**
 * 'Embed' (issue 22, step 4 and the project's detail page): the code another site pastes to show
 * the player, a responsive frame at the story's aspect ratio, to copy; and which sites may use it.
 * Offered for a shareable project once it has a slug; nothing otherwise.
 */
export function EmbedCodeButton({ project }: { project: EmbeddedProject }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  if (project.shareable !== 1 || !project.slug) return null;

  const code = embedCode({
    url: embedUrl(siteOf(project), project.slug),
    title: project.title,
    viewMode: project.view_mode,
  });
  const origins = project.embed_origins;
  const allowed = origins.includes(ANY_ORIGIN)
    ? t('embed.allowedAny')
    : origins.length > 0
      ? t('embed.allowedSites', { sites: origins.join(', ') })
      : t('embed.allowedNone');

  const copy = async () => {
    try {
      // `clipboard` is missing outside secure contexts, whatever the types say.
      if (!(navigator.clipboard as Clipboard | undefined)) throw new Error('No clipboard');
      await navigator.clipboard.writeText(code);
      enqueueSnackbar(t('embed.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('projectWizard.stepFour.copyFailed'), { variant: 'error' });
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<CodeRounded />} onClick={() => setOpen(true)}>
        {t('embed.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('embed.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {t('embed.dialogIntro')}
          </DialogContentText>
          <TextField
            label={t('embed.codeLabel')}
            value={code}
            multiline
            minRows={4}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                dir: 'ltr',
                spellCheck: false,
                style: { fontFamily: 'monospace', fontSize: '0.85rem' },
                onFocus: (event: React.FocusEvent<HTMLTextAreaElement>) => event.target.select(),
              },
            }}
          />
          <Alert severity={origins.length > 0 ? 'info' : 'warning'} sx={{ mt: 2 }}>
            {allowed}
            {project.status !== 'published' && ` ${t('embed.draftNote')}`}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
          <Button
            variant="contained"
            startIcon={<ContentCopyRounded />}
            onClick={() => void copy()}
          >
            {t('embed.copy')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
