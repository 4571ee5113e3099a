import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatPercent, type ChoiceSplit } from '../model/choice-splits.ts';

/**
 * One choice as a horizontal bar split between its options (percent of its viewings). Loaded
 * only with the figures; the option list beside it carries the same numbers in words.
 */
export default function ChoiceSplitChart({ choice }: { choice: ChoiceSplit }) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <BarChart
      height={96}
      layout="horizontal"
      skipAnimation={reduced}
      hideLegend
      // Room for the axis' end labels, 0% and 100%, which are centred on the ends.
      margin={{ top: 8, bottom: 8, left: 16, right: 24 }}
      yAxis={[{ scaleType: 'band', data: [choice.caption], position: 'none' }]}
      xAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => formatPercent(value) }]}
      series={choice.options.map((option) => ({
        data: [option.percent],
        label: option.caption,
        stack: 'split',
        valueFormatter: (value: number | null) => (value === null ? '' : formatPercent(value)),
      }))}
    />
  );
}
