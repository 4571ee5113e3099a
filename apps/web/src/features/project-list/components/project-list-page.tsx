import Add from '@mui/icons-material/Add';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PROJECT_LIST_SORTABLE, type ProjectListRow, type ProjectStatus } from '@plotline/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useProjects } from '../api/list-projects.ts';
import { useMayAddProject } from '../hooks/use-may-add-project.ts';
import {
  FILTER_VALUES,
  PROJECT_FILTERS,
  parseLayout,
  projectDetailAddress,
  projectListQuery,
  seriesAddress,
  type ListLayout,
  type ProjectFilter,
} from '../model/project-list-view.ts';
import { ProjectActionsMenu, SeriesActionsMenu } from './project-actions-menu.tsx';
import {
  ProjectChannels,
  ProjectKind,
  ProjectStatusChip,
  ProjectThumbnail,
  ProjectTitle,
} from './project-cells.tsx';
import { ProjectGrid } from './project-grid.tsx';
import { ImportStoryButton } from './import-story-dialog.tsx';

const PROJECT_LIST = '/app/project-list';
const PROJECT_DRAFTS = '/app/project-draft';
const NEW_PROJECT = '/app/project-create';

/** /app/project-list: every project of the company, singles and series. */
export function ProjectListPage() {
  return <ProjectsScreen key="all" />;
}

/** /app/project-draft: the same list, fixed to drafts. */
export function ProjectDraftPage() {
  return <ProjectsScreen key="drafts" fixedStatus="draft" />;
}

const linkOf = (row: ProjectListRow) =>
  row.kind === 'series' ? seriesAddress(row.id) : projectDetailAddress(row.id);

const episodesOf = (row: ProjectListRow) =>
  row.kind === 'series'
    ? { total: row.episode_count ?? 0, published: row.published_count ?? 0 }
    : undefined;

function ProjectsScreen({ fixedStatus }: { fixedStatus?: ProjectStatus }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const mayAdd = useMayAddProject();
  const list = useListState({ filters: PROJECT_FILTERS });
  const [params, setParams] = useSearchParams();
  const layout = parseLayout(params.get('layout'));
  const query = projectListQuery(list, fixedStatus);
  const controls = useListController(list, useProjects(query));

  const setLayout = (next: ListLayout) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'grid') changed.set('layout', next);
        else changed.delete('layout');
        return changed;
      },
      { replace: true },
    );

  const columns = useMemo<Column<ProjectListRow>[]>(
    () => [
      {
        id: 'title',
        label: t('projectList.project'),
        sortField: 'title',
        render: (row) => (
          // Narrow screens scroll the table sideways rather than squeeze the titles.
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 240 }}>
            <ProjectThumbnail src={row.thumbnail} width={72} />
            <ProjectTitle title={row.title} tags={row.tags} to={linkOf(row)} />
          </Stack>
        ),
      },
      {
        id: 'type',
        label: t('projectList.type'),
        nowrap: true,
        render: (row) => (
          <ProjectKind episodeCount={row.kind === 'series' ? (row.episode_count ?? 0) : null} />
        ),
      },
      {
        id: 'status',
        label: t('projectList.status'),
        nowrap: true,
        render: (row) => <ProjectStatusChip status={row.status} episodes={episodesOf(row)} />,
      },
      {
        id: 'channels',
        label: t('projectList.channels'),
        render: (row) => <ProjectChannels status={row.status} appChannelOn={row.app_channel_on} />,
      },
      {
        id: 'updated',
        label: t('projectList.lastChange'),
        sortField: 'updated_at',
        nowrap: true,
        render: (row) => dates.date(row.updated_at),
      },
      {
        id: 'author',
        label: t('projectList.author'),
        render: (row) => row.author ?? t('projectList.unknownAuthor'),
      },
    ],
    [t, dates],
  );

  const actions = (row: ProjectListRow) =>
    row.kind === 'series' ? (
      <SeriesActionsMenu series={row} mayChange={mayAdd} />
    ) : (
      <ProjectActionsMenu
        project={{
          movieId: row.id,
          title: row.title,
          status: row.status,
          watch_url: row.watch_url,
        }}
        mayChange={mayAdd}
      />
    );

  const shownFilters = PROJECT_FILTERS.filter((name) => !(fixedStatus && name === 'status'));
  const filtered =
    list.search !== '' || shownFilters.some((name) => list.filters[name] !== undefined);
  const clearFilters = () =>
    setParams(
      (current) => {
        const cleared = new URLSearchParams(current);
        for (const name of ['search', 'page', ...shownFilters]) cleared.delete(name);
        return cleared;
      },
      { replace: true },
    );
  const empty = filtered ? (
    <NoData
      hint={t('list.noMatches')}
      action={<Button onClick={clearFilters}>{t('projectList.clearFilters')}</Button>}
    />
  ) : (
    <NoData
      hint={t(fixedStatus ? 'projectList.noDrafts' : 'projectList.noProjects')}
      action={
        mayAdd && (
          <Button component={RouterLink} to={NEW_PROJECT} variant="contained" startIcon={<Add />}>
            {t('projectList.newProject')}
          </Button>
        )
      }
    />
  );

  const label = t(fixedStatus ? 'projectList.draftsLabel' : 'projectList.tableLabel');
  const pagedProps = { ...controls, label, actions, empty };

  return (
    <Stack spacing={2}>
      <Tabs
        value={fixedStatus ? PROJECT_DRAFTS : PROJECT_LIST}
        aria-label={t('projectList.views')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          component={RouterLink}
          to={PROJECT_LIST}
          value={PROJECT_LIST}
          label={t('projectList.allProjects')}
        />
        <Tab
          component={RouterLink}
          to={PROJECT_DRAFTS}
          value={PROJECT_DRAFTS}
          label={t('projectList.drafts')}
        />
      </Tabs>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        // Wraps on wide screens only: a wrapping column sizes its rows as if each filter wrapped.
        sx={{ gap: 1.5, alignItems: { md: 'center' }, flexWrap: { md: 'wrap' } }}
      >
        <SearchField
          value={list.search}
          onSearch={list.setSearch}
          label={t('projectList.search')}
        />
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', flexGrow: 1 }}>
          {shownFilters.map((name) => (
            <FilterSelect
              key={name}
              name={name}
              value={list.filters[name]}
              onChange={(value) => list.setFilter(name, value)}
            />
          ))}
          {layout === 'grid' && <SortSelect sort={query.sort} onSort={list.setSort} />}
        </Stack>
        <Stack
          direction="row"
          sx={{ gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={layout}
            onChange={(_event, next: ListLayout | null) => next && setLayout(next)}
            aria-label={t('projectList.layout')}
          >
            <ToggleButton value="table" aria-label={t('projectList.asTable')}>
              <TableRowsOutlined fontSize="small" />
            </ToggleButton>
            <ToggleButton value="grid" aria-label={t('projectList.asGrid')}>
              <GridViewOutlined fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
          {mayAdd && <ImportStoryButton />}
          {mayAdd && (
            <Button
              component={RouterLink}
              to={NEW_PROJECT}
              variant="contained"
              startIcon={<Add />}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('projectList.newProject')}
            </Button>
          )}
        </Stack>
      </Stack>
      {layout === 'grid' ? (
        <ProjectGrid {...pagedProps} linkOf={linkOf} />
      ) : (
        <DataTable
          {...pagedProps}
          columns={columns}
          rowKey={(row) => `${row.kind}-${row.id}`}
          // The sort the query asks for: the address's if the server knows it, else its default.
          sort={query.sort}
        />
      )}
    </Stack>
  );
}

interface FilterSelectProps {
  name: ProjectFilter;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** One filter of the list: all, or one of its values. */
function FilterSelect({ name, value, onChange }: FilterSelectProps) {
  const { t } = useTranslation();
  const values: readonly string[] = FILTER_VALUES[name];
  return (
    <TextField
      select
      size="small"
      label={t(`projectList.filters.${name}`)}
      value={value && values.includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      sx={{ flex: { xs: '1 1 140px', md: '0 0 160px' } }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{t('projectList.filters.all')}</MenuItem>
      {values.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`projectList.filterValues.${name}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The grid's sort, which has no column headers to click. */
function SortSelect({ sort, onSort }: { sort: string; onSort: (sort: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('list.sortBy')}
      value={sort}
      onChange={(event) => onSort(event.target.value)}
      sx={{ flex: { xs: '1 1 200px', md: '0 0 220px' } }}
    >
      {PROJECT_LIST_SORTABLE.flatMap((field) => [
        <MenuItem key={`-${field}`} value={`-${field}`}>
          {t(`projectList.sorts.-${field}`)}
        </MenuItem>,
        <MenuItem key={field} value={field}>
          {t(`projectList.sorts.${field}`)}
        </MenuItem>,
      ])}
    </TextField>
  );
}
