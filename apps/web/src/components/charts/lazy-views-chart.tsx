import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { ViewsChartProps } from './views-chart.tsx';

// The chart library loads with the pages that draw a chart, never with the studio's first load.
const Chart = lazy(() => import('./views-chart.tsx'));

/** The views-over-time chart, loaded when first drawn. */
export function ViewsChart(props: ViewsChartProps) {
  const height = props.height ?? 280;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
      <Chart {...props} height={height} />
    </Suspense>
  );
}
