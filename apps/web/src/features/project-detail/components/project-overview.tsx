import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PROJECT_TYPE, type Project } from '@plotline/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

function Artwork({ src, label, ratio }: { src: string | null; label: string; ratio: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Box
        sx={{
          aspectRatio: ratio,
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {src ? (
          <Box
            component="img"
            src={src}
            alt={label}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('projectDetail.noArtwork')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

interface FactProps {
  label: string;
  /** Spans the whole row. */
  wide?: boolean;
  children: ReactNode;
}

/** A term and its value, grouped in the one <div> a <dl> allows around them. */
function Fact({ label, wide = false, children }: FactProps) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, typography: 'body1' }}>
        {children}
      </Box>
    </Box>
  );
}

/** What step 1 and step 4 set, read-only: artwork, type, synopsis, tags, orientation, channels. */
export function ProjectOverview({ project }: { project: Project }) {
  const { t } = useTranslation();
  const episode = project.type === PROJECT_TYPE.episode;
  const seriesId = project.series?.movie_id ?? project.movieIdParent;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '3fr 1fr', alignItems: 'start' }}>
          <Artwork
            src={project.thumbnailDesktop}
            label={t('projectDetail.desktopArtwork')}
            ratio="16 / 9"
          />
          <Artwork
            src={project.thumbnailMobile}
            label={t('projectDetail.mobileArtwork')}
            ratio="9 / 16"
          />
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Fact label={t('projectDetail.type')}>
            {episode ? (
              <>
                {t('projectDetail.episodeOf', { number: project.episodeNumber ?? '—' })}{' '}
                {seriesId ? (
                  <Link
                    component={RouterLink}
                    to={`/app/project-list/series/${seriesId}`}
                    dir="auto"
                  >
                    {project.series?.title ?? t('projectDetail.series')}
                  </Link>
                ) : null}
              </>
            ) : (
              t('projectDetail.single')
            )}
          </Fact>
          <Fact label={t('projectDetail.orientation')}>
            {project.view_mode ? t(`projectDetail.orientations.${project.view_mode}`) : '—'}
          </Fact>
          <Fact label={t('projectDetail.channels')}>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              <Chip size="small" label={t('projectDetail.channelWeb')} />
              {project.app_channel_on === 1 && (
                <Chip size="small" label={t('projectDetail.channelApp')} />
              )}
            </Stack>
          </Fact>
          <Fact label={t('projectDetail.shareButton')}>
            {project.shareable === 1
              ? t('projectDetail.shareShown')
              : t('projectDetail.shareHidden')}
          </Fact>
          <Fact label={t('projectDetail.synopsis')} wide>
            <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }}>
              {project.synopsis || '—'}
            </Typography>
          </Fact>
          <Fact label={t('projectDetail.tags')} wide>
            {project.tags.length > 0 ? (
              <Stack
                component="ul"
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 0.5, listStyle: 'none' }}
              >
                {project.tags.map((tag) => (
                  <li key={tag}>
                    <Chip size="small" variant="outlined" label={tag} />
                  </li>
                ))}
              </Stack>
            ) : (
              '—'
            )}
          </Fact>
        </Box>
      </Box>
    </Paper>
  );
}
