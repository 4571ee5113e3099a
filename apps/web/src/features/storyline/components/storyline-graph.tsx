import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { PlotGraphProps } from './plot-graph.tsx';

/**
 * React Flow and the tree layout load only when a storyline is shown, not with the page that
 * shows it; a page may start loading them early, beside the storyline's own call.
 */
export const loadPlotGraph = () => import('./plot-graph.tsx');

const PlotGraph = lazy(() => loadPlotGraph().then((module) => ({ default: module.PlotGraph })));

/** The storyline as a graph, loaded when first shown; a placeholder of its height stands in. */
export function StorylineGraph(props: PlotGraphProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
      <PlotGraph {...props} />
    </Suspense>
  );
}
