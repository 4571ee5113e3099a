import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PercentRounded from '@mui/icons-material/PercentRounded';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProjectFigures as Figures } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { ViewsChart } from '../../../components/charts/lazy-views-chart.tsx';
import { CounterTile, CounterTiles } from '../../../components/counter-tile.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useDownloadFiguresCsv } from '../api/figures-csv.ts';
import { formatPercent, type ChoiceSplit } from '../model/choice-splits.ts';
import type { DateRange } from '../model/date-range.ts';
import type { PlotFigure } from '../model/plot-figures.ts';
import { ChoiceSplitCards } from './choice-split-cards.tsx';
import { DateRangePicker } from './date-range-picker.tsx';
import { PlotFiguresTable } from './plot-figures-table.tsx';

interface ProjectFiguresProps {
  movieId: number;
  figures: Figures | undefined;
  loading: boolean;
  error: Error | null;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  choices: readonly ChoiceSplit[];
  plots: readonly PlotFigure[];
}

/**
 * A published project's audience over a date range: counters, views per day, where viewers went
 * and left, choice splits; the range's figures per plot as a CSV file.
 */
export function ProjectFigures({
  movieId,
  figures,
  loading,
  error,
  range,
  onRangeChange,
  choices,
  plots,
}: ProjectFiguresProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const download = useDownloadFiguresCsv();
  useErrorToast(download.error);
  const rate = figures && figures.views > 0 ? (figures.completions / figures.views) * 100 : 0;
  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ gap: 1.5, alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <DateRangePicker value={range} onChange={onRangeChange} />
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={download.isPending}
          onClick={() => download.mutate({ movieId, range })}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'auto' } }}
        >
          {t('projectDetail.figures.downloadCsv')}
        </Button>
      </Stack>
      {loading && <LinearProgress aria-label={t('app.loading')} />}
      {error && <Alert severity="error">{messageText(error.message)}</Alert>}
      {figures && (
        <>
          <CounterTiles label={t('projectDetail.figures.counters')}>
            <CounterTile
              icon={<PlayCircleOutline />}
              label={t('projectDetail.figures.views')}
              value={figures.views}
            />
            <CounterTile
              icon={<CheckCircleOutline />}
              label={t('projectDetail.figures.completions')}
              value={figures.completions}
            />
            <CounterTile
              icon={<TimerOutlined />}
              label={t('projectDetail.figures.averageWatch')}
              value={figures.average_watch_seconds}
              format={formatDuration}
            />
            <CounterTile
              icon={<PercentRounded />}
              label={t('projectDetail.figures.completionRate')}
              value={rate}
              format={formatPercent}
            />
          </CounterTiles>
          <Paper variant="outlined" component="section" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('projectDetail.figures.overTime')}
            </Typography>
            <ViewsChart
              days={figures.days}
              viewsLabel={t('projectDetail.figures.views')}
              completionsLabel={t('projectDetail.figures.completions')}
            />
          </Paper>
          <Stack component="section" spacing={1.5}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('projectDetail.figures.plots')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('projectDetail.figures.plotsIntro')}
            </Typography>
            <PlotFiguresTable plots={plots} />
          </Stack>
          <Stack component="section" spacing={1.5}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('projectDetail.figures.choices')}
            </Typography>
            <ChoiceSplitCards choices={choices} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
