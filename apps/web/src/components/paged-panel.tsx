import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { TablePager, useStepBackFromEmptyPage, type PagedRows } from './table-pager.tsx';

interface PagedPanelProps extends PagedRows {
  onPerPage: (perPage: number) => void;
  /** Shown instead of rows when there are none (the 'No Data' placeholder). */
  empty: ReactNode;
  /** The rows as a table, cards or a grid; told whether there are none to show. */
  children: (isEmpty: boolean) => ReactNode;
}

/**
 * The frame of a paged list, whatever draws its rows: the rows, the empty placeholder when there
 * are none, and the pager below them. A page emptied by a deletion steps back to one with rows.
 */
export function PagedPanel({ empty, children, onPerPage, ...paged }: PagedPanelProps) {
  const { rows, loading, total, page, perPage, onPage } = paged;
  useStepBackFromEmptyPage(paged);
  const showSkeleton = loading && rows === undefined;
  const isEmpty = !showSkeleton && (rows === undefined || rows.length === 0);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {children(isEmpty)}
      {isEmpty && empty}
      {!isEmpty && (
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <TablePager
            page={page}
            perPage={perPage}
            total={total}
            onPage={onPage}
            onPerPage={onPerPage}
          />
        </Box>
      )}
    </Paper>
  );
}
