import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PromotedRow, PromotedStatus } from '@plotline/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActionsMenu, type RowAction } from '../../../components/row-actions-menu.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden.ts';
import { useSegmentLabel } from '../hooks/use-segment-label.ts';

/** The studio's status chip colours: live green, scheduled blue, ended grey. */
const STATUS_LOOK = {
  live: 'active',
  scheduled: 'invited',
  ended: 'disabled',
} as const satisfies Record<PromotedStatus, string>;

interface PromotedListProps {
  rows: PromotedRow[];
  /** The row the feed card preview shows. */
  previewId: number | undefined;
  onPreview: (id: number) => void;
  /** The rows in their new order, after a drag, a keyboard move or Move up/down. */
  onReorder: (rows: PromotedRow[]) => void;
  onEdit: (row: PromotedRow) => void;
  onRemove: (row: PromotedRow) => void;
}

/**
 * The promoted contents in feed order. A row moves by dragging its handle, by the keyboard (Space
 * or Enter on the handle, the arrow keys, Space or Enter to drop, Escape to cancel; each step is
 * announced) or by Move up/down in its menu, for those who can do neither.
 */
export function PromotedList({
  rows,
  previewId,
  onPreview,
  onReorder,
  onEdit,
  onRemove,
}: PromotedListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);

  const announcements = useMemo<Announcements>(() => {
    const titleOf = (id: UniqueIdentifier) => rows.find((row) => row.id === id)?.title ?? '';
    const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
    const total = rows.length;
    return {
      onDragStart: ({ active }) =>
        t('appPromoted.dnd.pickedUp', {
          title: titleOf(active.id),
          position: positionOf(active.id),
          total,
        }),
      onDragOver: ({ active, over }) =>
        over
          ? t('appPromoted.dnd.movedTo', {
              title: titleOf(active.id),
              position: positionOf(over.id),
              total,
            })
          : undefined,
      onDragEnd: ({ active, over }) =>
        t('appPromoted.dnd.dropped', {
          title: titleOf(active.id),
          position: positionOf(over?.id ?? active.id),
          total,
        }),
      onDragCancel: ({ active }) =>
        t('appPromoted.dnd.cancelled', {
          title: titleOf(active.id),
          position: positionOf(active.id),
        }),
    };
  }, [rows, ids, t]);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= rows.length) return;
    onReorder(arrayMove(rows, from, to));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('appPromoted.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box
          component="ol"
          aria-label={t('appPromoted.listLabel')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {rows.map((row, index) => (
            <SortableRow
              key={row.id}
              row={row}
              position={index + 1}
              previewed={row.id === previewId}
              onPreview={() => onPreview(row.id)}
              actions={[
                {
                  label: t('appPromoted.edit'),
                  icon: <EditOutlined fontSize="small" />,
                  onClick: () => onEdit(row),
                },
                ...(index > 0
                  ? [
                      {
                        label: t('appPromoted.moveUp'),
                        icon: <ArrowUpward fontSize="small" />,
                        onClick: () => move(index, index - 1),
                      },
                    ]
                  : []),
                ...(index < rows.length - 1
                  ? [
                      {
                        label: t('appPromoted.moveDown'),
                        icon: <ArrowDownward fontSize="small" />,
                        onClick: () => move(index, index + 1),
                      },
                    ]
                  : []),
                {
                  label: t('appPromoted.remove'),
                  icon: <DeleteOutline fontSize="small" />,
                  onClick: () => onRemove(row),
                },
              ]}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  row: PromotedRow;
  position: number;
  previewed: boolean;
  onPreview: () => void;
  actions: RowAction[];
}

function SortableRow({ row, position, previewed, onPreview, actions }: SortableRowProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const segmentLabel = useSegmentLabel();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: row.id });
  const artwork = row.thumbnail_desktop ?? row.thumbnail_mobile;

  // Start and end on a line each, so a window of two dates stays readable in a narrow column.
  const windowLines = [
    row.starts_at && t('appPromoted.windowFrom', { start: dates.dateTime(row.starts_at) }),
    row.ends_at && t('appPromoted.windowUntil', { end: dates.dateTime(row.ends_at) }),
  ].filter((line): line is string => Boolean(line));
  if (windowLines.length === 0) windowLines.push(t('appPromoted.windowAlways'));

  return (
    <Box
      component="li"
      ref={setNodeRef}
      onMouseEnter={onPreview}
      onFocus={onPreview}
      onClick={onPreview}
      sx={{
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        // Translate only: rows differ in height, and a scaled row would squash its text.
        transform: CSS.Translate.toString(transform),
        transition,
        display: 'grid',
        gridTemplateColumns: {
          xs: 'auto 88px minmax(0, 1fr) auto',
          // A fixed window column lines the rows up, each row being a grid of its own.
          md: 'auto 112px minmax(0, 1fr) 200px auto',
        },
        // On a wide screen the segments go under the title, where they have room.
        gridTemplateAreas: {
          xs: '"handle art title menu" "handle meta meta meta"',
          md: '"handle art title window menu" "handle art segments status menu"',
        },
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
        px: { xs: 1, sm: 2 },
        py: 1.5,
        bgcolor: isDragging ? 'background.paper' : previewed ? 'action.hover' : 'transparent',
        boxShadow: isDragging ? 6 : 'none',
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('appPromoted.dragHandle', { title: row.title, position })}
        size="small"
        sx={{ gridArea: 'handle', cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      >
        <DragIndicator />
      </IconButton>
      <Box
        sx={{
          gridArea: 'art',
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: artwork ? 'common.black' : 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
      >
        {artwork ? (
          <Box
            component="img"
            src={artwork}
            alt=""
            loading="lazy"
            sx={{ position: 'absolute', inset: 0, width: 1, height: 1, objectFit: 'cover' }}
          />
        ) : (
          <MovieOutlined aria-hidden fontSize="small" />
        )}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            top: 4,
            insetInlineStart: 4,
            minWidth: 20,
            px: 0.5,
            borderRadius: 0.75,
            bgcolor: 'rgba(0, 0, 0, 0.72)',
            color: 'common.white',
            typography: 'caption',
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {position}
        </Box>
      </Box>
      <Box sx={{ gridArea: 'title', minWidth: 0, alignSelf: { md: 'end' } }}>
        <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {t('appPromoted.positionLabel', { position })}{' '}
          </Box>
          {row.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {row.company_name}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'menu' }}>
        <RowActionsMenu name={row.title} actions={actions} />
      </Box>
      <Stack
        direction="row"
        sx={{
          gridArea: { xs: 'meta', md: 'unset' },
          display: { xs: 'flex', md: 'contents' },
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
        }}
      >
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            gridArea: { md: 'window' },
            alignSelf: { md: 'end' },
            flexBasis: { xs: '100%', md: 'auto' },
          }}
        >
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {t('appPromoted.window')}:{' '}
          </Box>
          {windowLines.map((line, index) => (
            <Box
              component="span"
              key={index}
              sx={{ display: { md: 'block' }, whiteSpace: { md: 'nowrap' } }}
            >
              {index > 0 && ' '}
              {line}
            </Box>
          ))}
        </Typography>
        <Stack
          direction="row"
          sx={{
            gridArea: { md: 'segments' },
            alignSelf: { md: 'start' },
            flexWrap: 'wrap',
            gap: 0.5,
          }}
          aria-label={t('appPromoted.segments')}
          role="list"
        >
          {row.segments.length === 0 ? (
            <Chip
              role="listitem"
              size="small"
              variant="outlined"
              label={t('appPromoted.everyone')}
            />
          ) : (
            row.segments.map((segment) => (
              <Chip role="listitem" key={segment.id} size="small" label={segmentLabel(segment)} />
            ))
          )}
        </Stack>
        <Box sx={{ gridArea: { md: 'status' }, alignSelf: { md: 'start' } }}>
          <StatusChip
            status={STATUS_LOOK[row.status]}
            label={t(`appPromoted.statuses.${row.status}`)}
          />
        </Box>
      </Stack>
    </Box>
  );
}
