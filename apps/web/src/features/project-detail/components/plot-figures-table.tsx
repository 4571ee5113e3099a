import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden.ts';
import { formatPercent } from '../model/choice-splits.ts';
import type { PlotFigure } from '../model/plot-figures.ts';

/**
 * Per plot, in reading order: how many viewings reached it and how many left there, with the
 * drop-off as a share of those who reached it (a bar beside the number, the number says it all).
 */
export function PlotFiguresTable({ plots }: { plots: readonly PlotFigure[] }) {
  const { t } = useTranslation();
  if (plots.length === 0) {
    return <Typography color="text.secondary">{t('projectDetail.noStoryline')}</Typography>;
  }
  const numeric = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small">
        <Box component="caption" sx={VISUALLY_HIDDEN}>
          {t('projectDetail.figures.plotsCaption')}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('projectDetail.figures.plot')}
            </TableCell>
            <TableCell component="th" scope="col" sx={numeric}>
              {t('projectDetail.figures.reached')}
            </TableCell>
            <TableCell component="th" scope="col" sx={numeric}>
              {t('projectDetail.figures.left')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plots.map((plot, index) => (
            <TableRow key={plot.id}>
              <TableCell component="th" scope="row" sx={{ minWidth: 120 }}>
                <Box component="span" sx={{ color: 'text.secondary', marginInlineEnd: 1 }}>
                  {index + 1}.
                </Box>
                <Box component="span" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                  {plot.caption || `#${plot.id}`}
                </Box>
              </TableCell>
              <TableCell sx={numeric}>{formatCount(plot.reached)}</TableCell>
              <TableCell sx={numeric}>
                {t('projectDetail.figures.leftShare', {
                  views: formatCount(plot.left),
                  percent: formatPercent(plot.leftPercent),
                })}
                <LinearProgress
                  variant="determinate"
                  value={plot.leftPercent}
                  aria-hidden
                  color="warning"
                  sx={{ mt: 0.5, height: 4, borderRadius: 2, minWidth: 64 }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
