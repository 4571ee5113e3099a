import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { flipInRtl } from '../lib/flip-in-rtl.ts';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** The number of the last page (1-based); an empty list still has a page 1. */
export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export interface PagedRows {
  loading: boolean;
  rows: readonly unknown[] | undefined;
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
}

/** A page emptied by a deletion or a narrower filter steps back to the last page that has rows. */
export function useStepBackFromEmptyPage({
  loading,
  rows,
  total,
  page,
  perPage,
  onPage,
}: PagedRows) {
  const last = lastPageOf(total, perPage);
  useEffect(() => {
    if (!loading && rows !== undefined && page > last) onPage(last);
  }, [loading, rows, page, last, onPage]);
}

interface TablePagerProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** The spec's pager (first, previous, next, last) with the rows per page and the range shown. */
export function TablePager({ page, perPage, total, onPage, onPerPage }: TablePagerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const last = lastPageOf(total, perPage);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);

  const button = (label: string, Icon: SvgIconComponent, target: number, disabled: boolean) => (
    <IconButton aria-label={label} disabled={disabled} onClick={() => onPage(target)} size="small">
      {/* Arrows point the way the pages run, so they turn round right to left. */}
      <Icon sx={flipInRtl} />
    </IconButton>
  );

  return (
    <Stack
      component="nav"
      aria-label={t('list.pagination')}
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography id={labelId} variant="body2" color="text.secondary">
          {t('list.rowsPerPage')}
        </Typography>
        <Select
          labelId={labelId}
          variant="standard"
          disableUnderline
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value))}
          sx={{ typography: 'body2' }}
        >
          {PER_PAGE_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </Select>
      </Stack>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('list.range', { from, to, total })}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        {button(t('list.firstPage'), FirstPage, 1, page <= 1)}
        {button(t('list.previousPage'), ChevronLeft, page - 1, page <= 1)}
        <Typography variant="body2" sx={{ px: 1, whiteSpace: 'nowrap' }}>
          {t('list.pageOf', { page, last })}
        </Typography>
        {button(t('list.nextPage'), ChevronRight, page + 1, page >= last)}
        {button(t('list.lastPage'), LastPage, last, page >= last)}
      </Stack>
    </Stack>
  );
}
