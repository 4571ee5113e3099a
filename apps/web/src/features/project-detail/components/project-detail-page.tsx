import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can, formatCount, MESSAGES, type Project } from '@plotline/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useProject } from '../../../api/project.ts';
import { useStorylineShown } from '../../../api/storyline.ts';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSubject } from '../../../lib/use-subject.ts';
import { StorylineGraph, type PlotGraphShare } from '../../storyline/index.ts';
import { useFigures } from '../api/figures.ts';
import { choiceSplits, formatPercent } from '../model/choice-splits.ts';
import { plotFigures } from '../model/plot-figures.ts';
import { defaultRange, type DateRange } from '../model/date-range.ts';
import { editStep } from '../model/edit-step.ts';
import { ExportStoryButton } from './export-story-button.tsx';
import { LinearCuts } from './linear-cuts.tsx';
import { ProjectFigures } from './project-figures.tsx';
import { ProjectItems } from './project-items.tsx';
import { ProjectOverview } from './project-overview.tsx';
import { WatchLink } from './watch-link.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function ProjectNotFound({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <MessagePanel
      visual={<SearchOffRounded sx={{ fontSize: 64 }} />}
      title={message}
      text={t('projectDetail.notFoundText')}
      action={
        <Button component={RouterLink} to="/app/project-list" variant="contained">
          {t('projectDetail.backToList')}
        </Button>
      }
    />
  );
}

function ProjectDetail({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const subject = useSubject();
  const published = project.status === 'published';
  const mayEdit = !published && subject !== null && can(subject, 'canAddProject');
  const storyline = useStorylineShown(project.movieId);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const figures = useFigures(project.movieId, range, published);
  const plot = storyline.data?.data;
  const choices = useMemo(
    () =>
      figures.data && plot
        ? choiceSplits(figures.data.choices, plot, project.movieContent, project.primaryLanguageId)
        : [],
    [figures.data, plot, project.movieContent, project.primaryLanguageId],
  );
  const plots = useMemo(
    () =>
      figures.data && plot
        ? plotFigures(figures.data.nodes, plot, project.movieContent, project.primaryLanguageId)
        : [],
    [figures.data, plot, project.movieContent, project.primaryLanguageId],
  );
  const shares = useMemo(() => {
    const map = new Map<number, PlotGraphShare>();
    for (const choice of choices) {
      for (const option of choice.options) {
        const percent = formatPercent(option.percent);
        map.set(option.id, {
          label: percent,
          description: t('projectDetail.figures.optionOnGraph', {
            caption: option.caption,
            percent,
            views: formatCount(option.count),
          }),
        });
      }
    }
    return map;
  }, [choices, t]);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2" dir="auto" sx={{ fontWeight: 800 }}>
            {project.title || t('projectDetail.untitled')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={published ? 'success' : 'default'}
              label={published ? t('projectDetail.published') : t('projectDetail.draft')}
              sx={{ fontWeight: 700 }}
            />
            {published && project.published_at && (
              <Typography variant="body2" color="text.secondary">
                {t('projectDetail.publishedOn', { date: dateTime(project.published_at) })}
              </Typography>
            )}
          </Stack>
        </Box>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', flexShrink: 0 }}>
          <ExportStoryButton movieId={project.movieId} />
          {mayEdit && (
            <Button
              component={RouterLink}
              to={`/app/project-list/project-detail/edit/${project.movieId}?step=${editStep(project)}`}
              variant="contained"
              startIcon={<EditOutlined />}
              sx={{ flexShrink: 0 }}
            >
              {t('projectDetail.edit')}
            </Button>
          )}
        </Stack>
      </Stack>

      <ProjectOverview project={project} />
      <Section title={t('projectDetail.link')}>
        <WatchLink project={project} />
      </Section>

      <Section title={t('projectDetail.storyline')}>
        {storyline.isPending ? (
          <Skeleton variant="rounded" height={320} />
        ) : !plot || plot.length === 0 ? (
          <Typography color="text.secondary">{t('projectDetail.noStoryline')}</Typography>
        ) : (
          <StorylineGraph
            plot={plot}
            items={project.movieContent}
            languageId={project.primaryLanguageId}
            shares={shares}
            label={t('projectDetail.storylineGraph')}
          />
        )}
      </Section>

      <Section title={t('projectDetail.items')}>
        <ProjectItems items={project.movieContent} />
      </Section>

      {plot && (
        <Section title={t('linearCut.title')}>
          <LinearCuts project={project} plot={plot} variables={storyline.data?.variables ?? []} />
        </Section>
      )}

      <Section title={t('projectDetail.figures.title')}>
        {published ? (
          <ProjectFigures
            movieId={project.movieId}
            figures={figures.data}
            loading={figures.isFetching}
            error={figures.error}
            range={range}
            onRangeChange={setRange}
            choices={choices}
            plots={plots}
          />
        ) : (
          <Alert severity="info">{t('projectDetail.figures.draft')}</Alert>
        )}
      </Section>
    </Stack>
  );
}

/** `/app/project-list/project-detail/{movieId}`: a project read-only, with its audience figures. */
export function ProjectDetailPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const movieId = Number(useParams().movieId);
  const valid = Number.isInteger(movieId) && movieId > 0;
  const project = useProject(valid ? movieId : undefined);
  if (!valid) return <ProjectNotFound message={messageText(MESSAGES.projectNotFound)} />;
  if (project.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) {
      return <ProjectNotFound message={messageText(project.error.message)} />;
    }
    return <Alert severity="error">{messageText(project.error.message)}</Alert>;
  }
  return <ProjectDetail project={project.data} />;
}
