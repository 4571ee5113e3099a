import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../lib/visually-hidden.ts';
import { PagedPanel } from './paged-panel.tsx';

export interface Column<Row> {
  id: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** The server's sort key for this column; without it the header is plain text. */
  sortField?: string;
  align?: 'left' | 'right';
  /** Keeps the cell on one line (dates, numbers, chips). */
  nowrap?: boolean;
}

interface DataTableProps<Row> {
  /** The table's accessible name, e.g. "Companies". */
  label: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** The ⋮ menu of a row, in a last column. */
  actions?: (row: Row) => ReactNode;
  loading: boolean;
  total: number;
  page: number;
  perPage: number;
  sort?: string | undefined;
  /** Receives the new sort key: `field`, or `-field` for descending. */
  onSort?: (sort: string) => void;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  /** Shown instead of rows when there are none (the 'No Data' placeholder). */
  empty: ReactNode;
}

const SKELETON_ROWS = 5;

/**
 * A back-office list: sortable headers, skeleton rows while loading, the empty placeholder and the
 * pager. On a phone each row becomes a card headed by the first column, so nothing scrolls sideways.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <PagedPanel {...props}>
      {() => (compact ? <RowCards {...props} /> : <RowTable {...props} />)}
    </PagedPanel>
  );
}

function RowTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  loading,
  sort,
  onSort,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const descending = sort?.startsWith('-') ?? false;
  const sortedField = sort?.replace(/^-/, '');
  const columnCount = columns.length + (actions ? 1 : 0);

  return (
    <TableContainer>
      <Table aria-label={label} aria-busy={loading} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = column.sortField !== undefined && column.sortField === sortedField;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sortDirection={active ? (descending ? 'desc' : 'asc') : false}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {column.sortField && onSort ? (
                    <TableSortLabel
                      active={active}
                      direction={active && descending ? 'desc' : 'asc'}
                      onClick={() =>
                        onSort(
                          active && !descending ? `-${column.sortField}` : `${column.sortField}`,
                        )
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
            {actions && (
              <TableCell align="right" sx={{ width: 56 }}>
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {t('list.actions')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: loading && rows ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {rows === undefined && loading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <TableRow key={index}>
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <TableCell key={cell}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows?.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {actions && (
                    <TableCell align="right" sx={{ py: 0 }}>
                      {actions(row)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  loading,
  sort,
  onSort,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const [head, ...rest] = columns;
  const sortable = columns.filter((column) => column.sortField !== undefined);

  return (
    <>
      {onSort && sortable.length > 0 && rows && rows.length > 0 && (
        <Box sx={{ px: 2, pt: 2 }}>
          <TextField
            select
            size="small"
            label={t('list.sortBy')}
            value={sort ?? ''}
            onChange={(event) => onSort(event.target.value)}
          >
            {sortable.flatMap((column) => [
              <MenuItem key={column.id} value={column.sortField}>
                {t('list.ascending', { column: column.label })}
              </MenuItem>,
              <MenuItem key={`-${column.id}`} value={`-${column.sortField}`}>
                {t('list.descending', { column: column.label })}
              </MenuItem>,
            ])}
          </TextField>
        </Box>
      )}
      <Stack
        component="ul"
        aria-label={label}
        aria-busy={loading}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 2, opacity: loading && rows ? 0.6 : 1 }}
      >
        {rows === undefined && loading
          ? Array.from({ length: 3 }, (_, index) => (
              <Box component="li" key={index}>
                <Skeleton variant="rounded" height={120} />
              </Box>
            ))
          : rows?.map((row) => (
              <Paper component="li" key={rowKey(row)} variant="outlined" sx={{ p: 2 }}>
                <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {head?.render(row)}
                  </Box>
                  {actions?.(row)}
                </Stack>
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'auto minmax(0, 1fr)',
                    columnGap: 2,
                    rowGap: 0.75,
                    alignItems: 'center',
                    m: 0,
                    mt: 1.5,
                  }}
                >
                  {rest.map((column) => (
                    <Box key={column.id} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {column.label}
                      </Typography>
                      <Box
                        component="dd"
                        sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}
                      >
                        {column.render(row)}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Paper>
            ))}
      </Stack>
    </>
  );
}
