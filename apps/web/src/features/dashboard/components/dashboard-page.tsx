import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import ApartmentRounded from '@mui/icons-material/ApartmentRounded';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import PublicRounded from '@mui/icons-material/PublicRounded';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can, type Dashboard } from '@plotline/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ViewsChart } from '../../../components/charts/lazy-views-chart.tsx';
import { CounterTile, CounterTiles, TileIcon } from '../../../components/counter-tile.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSubject } from '../../../lib/use-subject.ts';
import { useDashboard } from '../api/dashboard.ts';
import { RecentActivity } from './recent-activity.tsx';

function InfoTile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'center' }}>
      <TileIcon>{icon}</TileIcon>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" noWrap>
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2.5, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function QuickActions({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const subject = useSubject();
  const mayAdd = subject !== null && can(subject, 'canAddProject');
  const lastDraft = dashboard?.last_draft;
  if (!mayAdd && !lastDraft) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      {mayAdd && (
        <Button
          component={RouterLink}
          to="/app/project-create"
          variant="contained"
          startIcon={<AddRounded />}
        >
          {t('dashboard.newProject')}
        </Button>
      )}
      {lastDraft && (
        <Button
          component={RouterLink}
          to={`/app/project-create/${lastDraft.movieId}`}
          variant="outlined"
          startIcon={<EditNoteRounded />}
          sx={{ minWidth: 0 }}
        >
          <Box
            component="span"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {t('dashboard.continueDraft', { title: lastDraft.title })}
          </Box>
        </Button>
      )}
    </Stack>
  );
}

/** The counters the viewer may see: a part the server nulled shows no tile. */
function DashboardCounters({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const { projects, views, companies } = dashboard;
  if (!projects && !views && !companies) return null;
  return (
    <CounterTiles label={t('dashboard.counters')}>
      {projects && (
        <>
          <CounterTile
            icon={<MovieFilterOutlined />}
            label={t('dashboard.projects')}
            value={projects.total}
            to="/app/project-list"
          />
          <CounterTile
            icon={<PublicRounded />}
            label={t('dashboard.published')}
            value={projects.published}
            to="/app/project-list"
          />
          <CounterTile
            icon={<EditNoteRounded />}
            label={t('dashboard.drafts')}
            value={projects.drafts}
            to="/app/project-draft"
          />
        </>
      )}
      {views && (
        <>
          <CounterTile
            icon={<PlayCircleOutline />}
            label={t('dashboard.views')}
            value={views.views}
            to="/app/project-list"
          />
          <CounterTile
            icon={<CheckCircleOutline />}
            label={t('dashboard.completions')}
            value={views.completions}
            to="/app/project-list"
          />
        </>
      )}
      {companies && (
        <CounterTile
          icon={<ApartmentRounded />}
          label={t('dashboard.companies')}
          value={companies.total}
          to="/app/company-list"
        />
      )}
    </CounterTiles>
  );
}

interface DashboardPageProps {
  /** The root user's operator switches, which the app puts here (features do not import features). */
  operatorPanel?: ReactNode;
}

export function DashboardPage({ operatorPanel }: DashboardPageProps = {}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const user = useAppStore((state) => state.user);
  const name = user?.name?.trim();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <Stack spacing={3}>
      <Paper
        sx={(theme) => ({
          p: { xs: 3, md: 4 },
          color: 'common.white',
          background: `linear-gradient(120deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main} 60%, ${theme.palette.secondary.main} 140%)`,
        })}
      >
        <Typography component="h1" variant="h4" sx={{ fontWeight: 900 }}>
          {name ? t('dashboard.greeting', { name }) : t('dashboard.greetingNoName')}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.9, maxWidth: 640 }}>{t('dashboard.intro')}</Typography>
      </Paper>
      <QuickActions dashboard={data} />
      {operatorPanel}
      {dashboard.isPending && <LinearProgress aria-label={t('app.loading')} />}
      {dashboard.isError && (
        <Alert severity="warning">{messageText(dashboard.error.message)}</Alert>
      )}
      {data && <DashboardCounters dashboard={data} />}
      {data && (data.views || data.recent_activity) && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              lg: data.views && data.recent_activity ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr',
            },
            // The chart keeps its own height beside a long activity list.
            alignItems: 'start',
          }}
        >
          {data.views && (
            <Panel title={t('dashboard.viewsOverTime')}>
              <ViewsChart
                days={data.views.days}
                viewsLabel={t('dashboard.views')}
                completionsLabel={t('dashboard.completions')}
              />
            </Panel>
          )}
          {data.recent_activity && (
            <Panel title={t('dashboard.recentActivity')}>
              <RecentActivity rows={data.recent_activity} />
            </Panel>
          )}
        </Box>
      )}
      {user && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <InfoTile
            icon={<AccountCircleOutlined />}
            label={user.email}
            value={name ?? user.email}
          />
          <InfoTile
            icon={<WorkspacesOutlined />}
            label={t('dashboard.role')}
            value={t(`roles.${user.role}`)}
          />
          <InfoTile
            icon={<InsightsOutlined />}
            label={t('dashboard.account')}
            value={t(`dashboard.companyTypes.${user.company_type ?? 'none'}`)}
          />
        </Box>
      )}
    </Stack>
  );
}
