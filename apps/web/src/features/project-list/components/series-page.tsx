import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, type SeriesDetail, type SeriesEpisode } from '@plotline/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { flipInRtl } from '../../../lib/flip-in-rtl.ts';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSeriesDetail } from '../api/series-detail.ts';
import { useMayAddProject } from '../hooks/use-may-add-project.ts';
import { addEpisodeAddress, projectDetailAddress } from '../model/project-list-view.ts';
import { ProjectActionsMenu } from './project-actions-menu.tsx';
import {
  ProjectChannels,
  ProjectStatusChip,
  ProjectThumbnail,
  ProjectTitle,
} from './project-cells.tsx';

const PROJECT_LIST = '/app/project-list';

function parseSeriesId(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d*$/.test(param) ? Number(param) : null;
}

/** /app/project-list/series/{movieIdParent}: a series' info and its episodes in sequence order. */
export function SeriesPage() {
  const { movieIdParent } = useParams();
  const seriesId = parseSeriesId(movieIdParent);
  return seriesId === null ? (
    <SeriesNotFound />
  ) : (
    <SeriesScreen key={seriesId} seriesId={seriesId} />
  );
}

function SeriesScreen({ seriesId }: { seriesId: number }) {
  const messageText = useMessageText();
  const series = useSeriesDetail(seriesId);

  if (series.error) {
    if (series.error instanceof ApiError && series.error.status === 404) return <SeriesNotFound />;
    return (
      <MessagePanel
        visual={<SearchOff />}
        title={messageText(series.error.message)}
        action={<BackToList />}
      />
    );
  }
  if (series.data === undefined) {
    return (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return <SeriesView series={series.data} />;
}

function SeriesNotFound() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (
    <MessagePanel
      visual={<SearchOff />}
      title={messageText(MESSAGES.seriesNotFound)}
      text={t('projectList.seriesNotFound')}
      action={<BackToList />}
    />
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={PROJECT_LIST} startIcon={<ArrowBack sx={flipInRtl} />}>
      {t('projectList.backToList')}
    </Button>
  );
}

function SeriesView({ series }: { series: SeriesDetail }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const mayAdd = useMayAddProject();
  const titleId = useId();
  const episodesId = useId();
  const published = series.episodes.filter((episode) => episode.status === 'published').length;
  const addEpisode = mayAdd && (
    <Button
      component={RouterLink}
      to={addEpisodeAddress(series.movie_id)}
      variant="contained"
      startIcon={<Add />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('projectList.addEpisode')}
    </Button>
  );
  const facts = [
    { label: t('projectList.created'), value: dates.date(series.created_at) },
    { label: t('projectList.author'), value: series.author ?? t('projectList.unknownAuthor') },
    { label: t('projectList.countEpisodes'), value: series.episodes.length },
    { label: t('projectList.countPublished'), value: published },
    { label: t('projectList.countDrafts'), value: series.episodes.length - published },
  ];

  return (
    <Stack spacing={3}>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={titleId}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 2, alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id={titleId}
              component="h2"
              variant="h5"
              dir="auto"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {series.title}
            </Typography>
            {series.tags.length > 0 && (
              <Stack
                direction="row"
                aria-label={t('projectList.tags')}
                sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}
              >
                {series.tags.map((tag) => (
                  <Chip key={tag} label={<bdi>{tag}</bdi>} size="small" variant="outlined" />
                ))}
              </Stack>
            )}
          </Box>
          {addEpisode}
        </Stack>
        <Typography
          dir="auto"
          color={series.synopsis ? 'text.primary' : 'text.secondary'}
          sx={{ mt: 2, whiteSpace: 'pre-line', maxWidth: 760 }}
        >
          {series.synopsis || t('projectList.noSynopsis')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
            gap: 2,
            m: 0,
            mt: 2.5,
          }}
        >
          {facts.map((fact) => (
            <Box key={fact.label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {fact.label}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 700 }}>
                {fact.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>

      <Paper component="section" variant="outlined" aria-labelledby={episodesId}>
        <Typography id={episodesId} component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
          {t('projectList.episodeList')}
        </Typography>
        {series.episodes.length === 0 ? (
          <NoData
            hint={t(mayAdd ? 'projectList.noEpisodesHint' : 'projectList.noEpisodes')}
            action={addEpisode}
          />
        ) : (
          <Stack
            component="ol"
            aria-labelledby={episodesId}
            sx={{ listStyle: 'none', m: 0, p: 2, gap: 1.5 }}
          >
            {[...series.episodes]
              .sort((a, b) => a.episodeNumber - b.episodeNumber)
              .map((episode) => (
                <EpisodeRow key={episode.movieId} episode={episode} mayChange={mayAdd} />
              ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function EpisodeRow({ episode, mayChange }: { episode: SeriesEpisode; mayChange: boolean }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography
        aria-label={t('projectList.episodeNumberLabel', { number: episode.episodeNumber })}
        sx={{ fontWeight: 700, minWidth: 32, textAlign: 'center', color: 'primary.main' }}
      >
        {episode.episodeNumber}
      </Typography>
      <ProjectThumbnail src={episode.thumbnail} width={{ xs: 72, sm: 96 }} />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <ProjectTitle title={episode.title} tags={[]} to={projectDetailAddress(episode.movieId)} />
        <Typography variant="caption" color="text.secondary">
          {t('projectList.changedOn', { date: dates.date(episode.updated_at) })}
        </Typography>
      </Box>
      {/* On a phone this wraps under the title, the menu still at the row's end. */}
      <Stack
        direction="row"
        sx={{
          gap: 1,
          alignItems: 'center',
          flexWrap: 'wrap',
          flexGrow: { xs: 1, sm: 0 },
          justifyContent: 'flex-end',
        }}
      >
        <ProjectStatusChip status={episode.status} />
        <ProjectChannels status={episode.status} appChannelOn={episode.app_channel_on} />
        <ProjectActionsMenu project={episode} mayChange={mayChange} />
      </Stack>
    </Paper>
  );
}
