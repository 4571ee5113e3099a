import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProjectStatus } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface ThumbnailProps {
  src: string | null;
  /** Wide in the table, the card's full width in the grid; per breakpoint where a phone needs less. */
  width: number | string | { xs: number; sm: number };
}

/** A project's desktop artwork at 16:9, or a film icon while it has none. Decorative: the title names it. */
export function ProjectThumbnail({ src, width }: ThumbnailProps) {
  return (
    <Box
      aria-hidden
      sx={{
        width,
        flexShrink: 0,
        aspectRatio: '16 / 9',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        color: 'text.disabled',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <MovieOutlined />
      )}
    </Box>
  );
}

const MAX_TAGS = 3;

/** A project's title, linking to its page, and its first tags. */
export function ProjectTitle({ title, tags, to }: { title: string; tags: string[]; to: string }) {
  const { t } = useTranslation();
  const hidden = tags.length - MAX_TAGS;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={to}
        underline="hover"
        color="text.primary"
        variant="body2"
        dir="auto"
        sx={{ fontWeight: 700, overflowWrap: 'break-word' }}
      >
        {/* A draft may have no title yet: its link still needs a name. */}
        {title.trim() || t('projectDetail.untitled')}
      </Link>
      {tags.length > 0 && (
        <Stack
          direction="row"
          aria-label={t('projectList.tags')}
          sx={{ flexWrap: 'wrap', gap: 0.5 }}
        >
          {tags.slice(0, MAX_TAGS).map((tag) => (
            <Chip key={tag} label={<bdi>{tag}</bdi>} size="small" variant="outlined" />
          ))}
          {hidden > 0 && <Chip label={`+${hidden}`} size="small" variant="outlined" />}
        </Stack>
      )}
    </Stack>
  );
}

/** "Single", or "Series" with its number of episodes. */
export function ProjectKind({ episodeCount }: { episodeCount: number | null }) {
  const { t } = useTranslation();
  if (episodeCount === null) return <>{t('projectList.single')}</>;
  return (
    <Stack spacing={0.25}>
      <span>{t('projectList.series')}</span>
      <Typography variant="caption" color="text.secondary">
        {episodeCount === 1
          ? t('projectList.oneEpisode')
          : t('projectList.episodes', { count: episodeCount })}
      </Typography>
    </Stack>
  );
}

interface StatusProps {
  status: ProjectStatus;
  /** A series': how many of its episodes there are and how many are published. */
  episodes?: { total: number; published: number };
}

/** Draft or Published; a series says how many of its episodes are out, e.g. "2 of 3 published". */
export function ProjectStatusChip({ status, episodes }: StatusProps) {
  const { t } = useTranslation();
  const published = status === 'published';
  const label =
    episodes && episodes.total > 0
      ? t('projectList.publishedOf', { published: episodes.published, total: episodes.total })
      : t(`projectList.statuses.${status}`);
  return (
    <Chip
      size="small"
      label={label}
      color={published ? 'success' : 'default'}
      variant={published ? 'filled' : 'outlined'}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** Where a project plays: the web once published, and the app when its channel is on. */
export function ProjectChannels({
  status,
  appChannelOn,
}: {
  status: ProjectStatus;
  appChannelOn: 0 | 1;
}) {
  const { t } = useTranslation();
  if (status !== 'published') {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('projectList.notPublished')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color="primary" variant="outlined" label={t('projectList.web')} />
      {appChannelOn === 1 && (
        <Chip size="small" color="secondary" variant="outlined" label={t('projectList.app')} />
      )}
    </Stack>
  );
}
