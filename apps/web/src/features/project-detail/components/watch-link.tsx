import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Project } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { useCopyLink } from '../../../lib/use-copy-link.ts';

/** The slug and the player's address, read-only, with a copy button (§8 'Link copied…'). */
export function WatchLink({ project }: { project: Project }) {
  const { t } = useTranslation();
  const copyLink = useCopyLink();
  const url = project.watch_url;
  const published = project.status === 'published';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={t('projectDetail.slug')}
          value={project.slug ?? ''}
          placeholder="—"
          sx={{ minWidth: { md: 240 } }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { readOnly: true, dir: 'ltr' },
          }}
        />
        <TextField
          label={t('projectDetail.watchLink')}
          value={url ?? ''}
          placeholder="—"
          fullWidth
          helperText={
            url
              ? published
                ? t('projectDetail.watchLinkPublic')
                : t('projectDetail.watchLinkPreview')
              : t('projectDetail.noSlug')
          }
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  {published && url && (
                    <IconButton
                      href={url}
                      target="_blank"
                      rel="noopener"
                      aria-label={t('projectDetail.openLink')}
                      title={t('projectDetail.openLink')}
                    >
                      <OpenInNewRounded />
                    </IconButton>
                  )}
                  <IconButton
                    edge="end"
                    disabled={!url}
                    aria-label={t('projectDetail.copyLink')}
                    title={t('projectDetail.copyLink')}
                    onClick={() => url && void copyLink(url)}
                  >
                    <ContentCopyRounded />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
    </Paper>
  );
}
