import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProjectListRow } from '@plotline/core';
import type { ReactNode } from 'react';
import { PagedPanel } from '../../../components/paged-panel.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useTranslation } from 'react-i18next';
import {
  ProjectChannels,
  ProjectKind,
  ProjectStatusChip,
  ProjectThumbnail,
  ProjectTitle,
} from './project-cells.tsx';

interface ProjectGridProps {
  label: string;
  rows: ProjectListRow[] | undefined;
  loading: boolean;
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  /** Where a row's title leads: a single's detail page or a series' page. */
  linkOf: (row: ProjectListRow) => string;
  actions: (row: ProjectListRow) => ReactNode;
  empty: ReactNode;
}

const SKELETON_CARDS = 6;

/**
 * The project list as cards with large artwork: as many columns as fit, one on a phone. The same
 * data, pager and empty placeholder as the table.
 */
export function ProjectGrid(props: ProjectGridProps) {
  const { rows, loading } = props;
  return (
    <PagedPanel {...props}>
      {(isEmpty) =>
        !isEmpty && (
          <Box
            component="ul"
            aria-label={props.label}
            aria-busy={loading}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 2,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
              opacity: loading && rows ? 0.6 : 1,
              transition: 'opacity 150ms',
            }}
          >
            {rows === undefined && loading
              ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
                  <Box component="li" key={index}>
                    <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
                    <Skeleton variant="text" sx={{ mt: 1 }} />
                    <Skeleton variant="text" width="60%" />
                  </Box>
                ))
              : rows?.map((row) => (
                  <ProjectCard
                    key={`${row.kind}-${row.id}`}
                    row={row}
                    link={props.linkOf(row)}
                    actions={props.actions(row)}
                  />
                ))}
          </Box>
        )
      }
    </PagedPanel>
  );
}

function ProjectCard({
  row,
  link,
  actions,
}: {
  row: ProjectListRow;
  link: string;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const series = row.kind === 'series';
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', overflow: 'hidden', minWidth: 0 }}
    >
      <ProjectThumbnail src={row.thumbnail} width="100%" />
      <Stack sx={{ gap: 1.25, p: 1.5, flexGrow: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ProjectTitle title={row.title} tags={row.tags} to={link} />
          </Box>
          {actions}
        </Stack>
        <Typography component="div" variant="body2" color="text.secondary">
          <ProjectKind episodeCount={series ? (row.episode_count ?? 0) : null} />
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ProjectStatusChip
            status={row.status}
            episodes={
              series
                ? { total: row.episode_count ?? 0, published: row.published_count ?? 0 }
                : undefined
            }
          />
          <ProjectChannels status={row.status} appChannelOn={row.app_channel_on} />
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 'auto' }}>
          {row.author
            ? t('projectList.changedBy', { date: dates.date(row.updated_at), author: row.author })
            : t('projectList.changedOn', { date: dates.date(row.updated_at) })}
        </Typography>
      </Stack>
    </Paper>
  );
}
