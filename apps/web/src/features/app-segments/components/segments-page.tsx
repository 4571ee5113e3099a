import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { SegmentRow } from '@plotline/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useDeleteSegment } from '../api/delete-segment.ts';
import { useSegments } from '../api/list-segments.ts';
import { useSegmentText } from '../hooks/use-segment-text.ts';
import { SEGMENT_ADD, SEGMENT_CUSTOM, SEGMENT_PRESET, segmentEditAddress } from '../model/paths.ts';

type SegmentTab = 'preset' | 'custom';

/** /app/segment and /app/segment/preset: the presets every platform has. */
export function SegmentPresetsPage() {
  return <SegmentsPage tab="preset" />;
}

/** /app/segment/custom: the platform's own segments. */
export function SegmentCustomPage() {
  return <SegmentsPage tab="custom" />;
}

/** Twelve presets fit on one page, so the list opens with more rows than the studio's usual ten. */
const SEGMENTS_PER_PAGE = 25;

/**
 * Segment Management: the presets and the custom segments in two tabs, each segment with its rule
 * in words, its viewers now and the promoted contents that target it. The list is short (presets and
 * a platform's own segments), so it comes whole and is paged here.
 */
function SegmentsPage({ tab }: { tab: SegmentTab }) {
  const { t } = useTranslation();
  const text = useSegmentText();
  const dates = useDateFormat();
  const navigate = useNavigate();
  const list = useListState({ perPage: SEGMENTS_PER_PAGE });
  const segments = useSegments();
  useErrorToast(segments.error);
  const [deleting, setDeleting] = useState<SegmentRow | null>(null);

  const shown = useMemo(
    () => segments.data?.filter((segment) => (segment.preset !== null) === (tab === 'preset')),
    [segments.data, tab],
  );
  const pageRows = shown?.slice((list.page - 1) * list.perPage, list.page * list.perPage);

  const columns = useMemo<Column<SegmentRow>[]>(() => {
    const name: Column<SegmentRow> = {
      id: 'name',
      label: t('appSegments.name'),
      render: (segment) =>
        segment.preset ? (
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {text.name(segment)}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={segmentEditAddress(segment.id)}
            variant="body2"
            sx={{ fontWeight: 700 }}
          >
            {segment.name}
          </Link>
        ),
    };
    const rule: Column<SegmentRow> = {
      id: 'rule',
      label: t('appSegments.rule'),
      render: (segment) => (
        <Typography variant="body2" color="text.secondary">
          {text.rules(segment.rules)}
        </Typography>
      ),
    };
    const viewers: Column<SegmentRow> = {
      id: 'viewers',
      label: t('appSegments.viewers'),
      align: 'right',
      nowrap: true,
      render: (segment) => (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {segment.viewers.toLocaleString()}
        </Typography>
      ),
    };
    const promoted: Column<SegmentRow> = {
      id: 'promoted',
      label: t('appSegments.promoted'),
      align: 'right',
      render: (segment) => segment.promoted_count.toLocaleString(),
    };
    if (tab === 'preset') return [name, rule, viewers, promoted];
    return [
      name,
      rule,
      viewers,
      promoted,
      {
        id: 'updated',
        label: t('appSegments.updated'),
        nowrap: true,
        render: (segment) => dates.date(segment.updated_at),
      },
    ];
  }, [t, text, dates, tab]);

  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        aria-label={t('appSegments.views')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          component={RouterLink}
          to={SEGMENT_PRESET}
          value="preset"
          label={t('appSegments.presets')}
        />
        <Tab
          component={RouterLink}
          to={SEGMENT_CUSTOM}
          value="custom"
          label={t('appSegments.custom')}
        />
      </Tabs>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 640 }}>
          {tab === 'preset' ? t('appSegments.presetsHint') : t('appSegments.customHint')}
        </Typography>
        <Button
          component={RouterLink}
          to={SEGMENT_ADD}
          variant="contained"
          startIcon={<Add />}
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('appSegments.addSegment')}
        </Button>
      </Stack>
      <DataTable
        label={tab === 'preset' ? t('appSegments.presetsLabel') : t('appSegments.customLabel')}
        columns={columns}
        rows={pageRows}
        rowKey={(segment) => segment.id}
        loading={segments.isFetching}
        total={shown?.length ?? 0}
        page={list.page}
        perPage={list.perPage}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        actions={
          tab === 'custom'
            ? (segment) => (
                <RowActionsMenu
                  name={segment.name}
                  actions={[
                    {
                      label: t('appSegments.edit'),
                      icon: <EditOutlined fontSize="small" />,
                      onClick: () => void navigate(segmentEditAddress(segment.id)),
                    },
                    {
                      label: t('appSegments.delete'),
                      icon: <DeleteOutline fontSize="small" />,
                      onClick: () => setDeleting(segment),
                    },
                  ]}
                />
              )
            : undefined
        }
        empty={
          tab === 'custom' ? (
            <NoData
              hint={t('appSegments.customEmpty')}
              action={
                <Button component={RouterLink} to={SEGMENT_ADD} startIcon={<Add />}>
                  {t('appSegments.addSegment')}
                </Button>
              }
            />
          ) : (
            <NoData />
          )
        }
      />
      {deleting && <DeleteSegmentDialog segment={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

/** Deletes a custom segment once confirmed; a segment still targeted stays, with the server's why. */
function DeleteSegmentDialog({ segment, onClose }: { segment: SegmentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteSegment();
  return (
    <ConfirmDeleteDialog
      title={t('appSegments.deleteTitle')}
      detail={segment.name}
      deletedMessage={t('appSegments.deletedToast', { name: segment.name })}
      remove={remove}
      variables={segment.id}
      onClose={onClose}
    />
  );
}
