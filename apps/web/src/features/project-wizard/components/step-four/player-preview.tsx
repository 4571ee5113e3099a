import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Project, StoryState } from '@plotline/core';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withStartState } from '../../../story-paths/index.ts';
import { playerFrameUrl } from '../../model/publication-form.ts';
import { ScaledFrame } from './scaled-frame.tsx';

type Device = 'mobile' | 'desktop';

/** Spec §2, §9: the preview frames, a phone's and a desktop's. */
const FRAMES: Record<Device, { width: number; height: number }> = {
  mobile: { width: 320, height: 568 },
  desktop: { width: 960, height: 600 },
};

const DEVICES: { device: Device; icon: ReactElement }[] = [
  { device: 'mobile', icon: <SmartphoneOutlined /> },
  { device: 'desktop', icon: <DesktopWindowsOutlined /> },
];

/** Where "Play every path" asked the preview to start: a state, and its plot's caption. */
export interface PreviewStart {
  state: StoryState;
  caption: string;
}

interface PlayerPreviewProps {
  project: Pick<Project, 'movieId' | 'status' | 'slug'>;
  /** Changes whenever saved settings change what the player shows, which then loads again. */
  version: number;
  /** The player starts there instead of at the beginning. */
  start?: PreviewStart | null;
  onStartClear?: () => void;
  /** "Play every path", beside the preview's title. */
  paths?: ReactNode;
}

/**
 * The frame's address. A start state plays in the preview, published or not: the player reads
 * `state` only there.
 */
function frameUrl(
  project: PlayerPreviewProps['project'],
  device: Device,
  start: PreviewStart | null,
): string {
  if (!start) return playerFrameUrl(project, device);
  return withStartState(playerFrameUrl({ ...project, status: 'draft' }, device), start.state);
}

/**
 * Spec §2 step 4: the real player in a phone's frame (its layout forced) or a desktop's. Only the
 * chosen tab's player is loaded, so two never play at once.
 */
export function PlayerPreview({
  project,
  version,
  start = null,
  onStartClear,
  paths,
}: PlayerPreviewProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [device, setDevice] = useState<Device>('mobile');
  const [reloads, setReloads] = useState(0);
  const published = project.status === 'published';
  const src = frameUrl(project, device, start);

  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 220px' }}>
          <Typography component="h3" variant="h6">
            {t('projectWizard.stepFour.preview')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(
              published
                ? 'projectWizard.stepFour.previewPublished'
                : 'projectWizard.stepFour.previewDraft',
            )}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          {paths}
          <IconButton
            aria-label={t('projectWizard.stepFour.reloadPreview')}
            title={t('projectWizard.stepFour.reloadPreview')}
            onClick={() => setReloads((count) => count + 1)}
          >
            <RefreshRounded />
          </IconButton>
        </Stack>
      </Stack>
      {/* Always there, so that a screen reader hears where the preview starts once it is set. */}
      <Box role="status">
        {start && (
          <Alert severity="info" role="note" sx={{ mt: 2 }}>
            {t('storyPaths.playingFrom', { caption: start.caption })}
            <Box sx={{ mt: 1 }}>
              <Button
                color="inherit"
                size="small"
                variant="outlined"
                startIcon={<ReplayRounded />}
                onClick={onStartClear}
              >
                {t('storyPaths.playFromStart')}
              </Button>
            </Box>
          </Alert>
        )}
      </Box>
      <Tabs
        value={device}
        onChange={(_event, value: Device) => setDevice(value)}
        aria-label={t('projectWizard.stepFour.devices')}
        centered
        sx={{ mt: 1, mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {DEVICES.map(({ device: value, icon }) => (
          <Tab
            key={value}
            value={value}
            icon={icon}
            iconPosition="start"
            label={t(`projectWizard.stepFour.${value}`)}
            id={`${idPrefix}-tab-${value}`}
            aria-controls={`${idPrefix}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${device}`}>
        <ScaledFrame
          key={`${device}-${version}-${reloads}-${src}`}
          src={src}
          title={t(`projectWizard.stepFour.frame.${device}`)}
          {...FRAMES[device]}
        />
      </Box>
    </Paper>
  );
}
