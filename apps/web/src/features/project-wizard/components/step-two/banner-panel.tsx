import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BANNER_KINDS, type Project } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { BannerImageField } from './banner-image-field.tsx';
import { BannerSettingsForm } from './banner-settings-form.tsx';

interface BannerPanelProps {
  project: Project;
  /** A published project's banner: shown, not changed. */
  readOnly: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/** Step 2's Banner tab: the three banner images and the banner's button and link. */
export function BannerPanel({ project, readOnly, onDirtyChange }: BannerPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
        {t('projectWizard.stepTwo.banner.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {BANNER_KINDS.map((kind) => (
          <BannerImageField key={kind} project={project} kind={kind} readOnly={readOnly} />
        ))}
      </Box>
      <BannerSettingsForm project={project} readOnly={readOnly} onDirtyChange={onDirtyChange} />
    </Stack>
  );
}
