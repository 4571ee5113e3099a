import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EPISODE_MAX, EPISODE_MIN, PROJECT_TYPE, type Project } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { titleLabelKey } from '../../model/project-info-values.ts';

const EPISODES = Array.from(
  { length: EPISODE_MAX - EPISODE_MIN + 1 },
  (_, index) => EPISODE_MIN + index,
);

/** Words are written in any language, whatever the page's direction. */
const anyDirection = { htmlInput: { dir: 'auto' } } as const;

/**
 * What step 1 set, shown again before publishing (spec §2 step 4): the series and the episode
 * sequence of an episode, the title, the client (whose name the address carries) and the
 * description. Step 1 is where they change.
 */
export function ProjectSummary({ project }: { project: Project }) {
  const { t } = useTranslation();
  const episode = project.type === PROJECT_TYPE.episode;
  return (
    <Stack spacing={2.5}>
      {episode && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('projectWizard.stepFour.seriesTitle')}
            value={project.series?.title ?? ''}
            disabled
            fullWidth
            slotProps={anyDirection}
          />
          <TextField
            select
            label={t('projectWizard.stepOne.episode')}
            value={project.episodeNumber ?? ''}
            disabled
            sx={{ minWidth: { sm: 180 } }}
          >
            {EPISODES.map((number) => (
              <MenuItem key={number} value={number}>
                {number}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      <TextField
        label={t(titleLabelKey(episode ? PROJECT_TYPE.episode : PROJECT_TYPE.single))}
        value={project.title}
        disabled
        slotProps={anyDirection}
      />
      {project.client_name && (
        <TextField
          label={t('projectWizard.stepOne.client')}
          value={project.client_name}
          disabled
          slotProps={anyDirection}
        />
      )}
      <TextField
        label={t('projectWizard.stepOne.description')}
        value={project.synopsis}
        disabled
        multiline
        minRows={3}
        slotProps={anyDirection}
      />
    </Stack>
  );
}
