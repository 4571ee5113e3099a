import useMediaQuery from '@mui/material/useMediaQuery';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatCount, type DayCount } from '@plotline/core';
import { useMemo } from 'react';
import { useAppStore } from '../../lib/app-store.ts';

export interface ViewsChartProps {
  days: readonly DayCount[];
  viewsLabel: string;
  completionsLabel: string;
  height?: number;
}

/** Views and completions per day, a line each. Loaded only by the pages that draw it. */
export default function ViewsChart({
  days,
  viewsLabel,
  completionsLabel,
  height = 280,
}: ViewsChartProps) {
  const language = useAppStore((state) => state.language);
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const dayLabel = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  }, [language]);
  const count = (value: number | null) => (value === null ? '' : formatCount(value));
  return (
    <LineChart
      height={height}
      skipAnimation={reduced}
      xAxis={[
        {
          scaleType: 'point',
          data: days.map((day) => day.day),
          valueFormatter: (day: string) => dayLabel(day),
        },
      ]}
      yAxis={[{ min: 0, valueFormatter: (value: number) => formatCount(value), width: 48 }]}
      series={[
        {
          data: days.map((day) => day.views),
          label: viewsLabel,
          valueFormatter: count,
          showMark: false,
          area: true,
        },
        {
          data: days.map((day) => day.completions),
          label: completionsLabel,
          valueFormatter: count,
          showMark: false,
        },
      ]}
      grid={{ horizontal: true }}
    />
  );
}
