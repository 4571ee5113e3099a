import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Project } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { EmbedCodeButton } from '../../../components/embed-code-button.tsx';
import { WatchLinkField } from '../../../components/watch-link-field.tsx';

/**
 * The slug and the player's address, read-only, with a copy button (§8 'Link copied…'), and the
 * code that embeds the player in other sites.
 */
export function WatchLink({ project }: { project: Project }) {
  const { t } = useTranslation();
  const url = project.watch_url;
  const published = project.status === 'published';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
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
        <WatchLinkField
          label={t('projectDetail.watchLink')}
          url={url}
          canOpen={published}
          helperText={
            url
              ? published
                ? t('projectDetail.watchLinkPublic')
                : t('projectDetail.watchLinkPreview')
              : t('projectDetail.noSlug')
          }
        />
        <Stack sx={{ flexShrink: 0, pt: { md: 1 } }}>
          <EmbedCodeButton project={project} />
        </Stack>
      </Stack>
    </Paper>
  );
}
