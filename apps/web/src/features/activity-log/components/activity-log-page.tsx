import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACTIVITY_ENTITY_TYPES, type ActivityEntityType, type ActivityRow } from '@plotline/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useActivity } from '../api/list-activity.ts';

const FILTERS = ['entity', 'from', 'to', 'actor', 'companyId'] as const;

/** Ids longer than this (session UUIDs) are cut short in the table; the full id is in the tooltip. */
const SHORT_ID_LENGTH = 8;

function EntityCell({ type, id }: { type: string; id: string | null }) {
  if (id === null) return <bdi>{type}</bdi>;
  const short = id.length > SHORT_ID_LENGTH + 2 ? `${id.slice(0, SHORT_ID_LENGTH)}…` : id;
  return (
    <bdi title={short === id ? undefined : `${type} #${id}`}>
      {type} #{short}
    </bdi>
  );
}

/** A link-styled button in a cell that narrows the log to the actor or company it names. */
function FilterLink({
  name,
  onClick,
  children,
  bold = false,
}: {
  name: string;
  onClick: () => void;
  children: ReactNode;
  bold?: boolean;
}) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      underline="hover"
      sx={{ fontWeight: bold ? 700 : undefined, textAlign: 'start' }}
      aria-label={name}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

/** A filter set from a cell, shown as a chip that removes it. */
function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Chip
      color="primary"
      variant="outlined"
      label={label}
      aria-label={t('activityLog.removeFilter', { filter: label })}
      onClick={onRemove}
      onDelete={onRemove}
    />
  );
}

/** One end of the date range; `min` and `max` keep the start on or before the end. */
function DayField({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  min?: string | undefined;
  max?: string | undefined;
}) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
    />
  );
}

function idOf(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) ? id : undefined;
}

/** An address edited by hand may name a kind the server does not know (a 400): it is left out. */
function entityTypeOf(value: string | undefined): ActivityEntityType | undefined {
  return ACTIVITY_ENTITY_TYPES.find((type) => type === value);
}

/** /app/activity-log: who did what, newest first; a click on an actor or a company narrows to it. */
export function ActivityLogPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const list = useListState({ filters: FILTERS });
  const { from, to, actor, companyId } = list.filters;
  const entity = entityTypeOf(list.filters.entity);
  const activity = useActivity({
    page: list.page,
    perPage: list.perPage,
    entity,
    from,
    to,
    actor: idOf(actor),
    companyId: idOf(companyId),
  });
  const controls = useListController(list, activity);
  const { rows } = controls;
  const { setFilter } = list;

  const columns = useMemo<Column<ActivityRow>[]>(
    () => [
      {
        id: 'time',
        label: t('activityLog.time'),
        nowrap: true,
        // The IP sits under the time rather than in a column of its own, to leave the summary room.
        render: (row) => (
          <Box sx={{ display: 'grid' }}>
            {dates.dateTime(row.created_at)}
            {row.ip && (
              <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                {t('activityLog.ip')} <bdi>{row.ip}</bdi>
              </Box>
            )}
          </Box>
        ),
      },
      {
        id: 'actor',
        label: t('activityLog.actor'),
        render: (row) =>
          row.actor_id === null ? (
            <Typography variant="body2" color="text.secondary">
              {t('activityLog.system')}
            </Typography>
          ) : (
            <Box sx={{ minWidth: 0 }}>
              <FilterLink
                bold
                name={t('activityLog.filterByActor', {
                  name: row.actor_name ?? row.actor_email ?? `#${row.actor_id}`,
                })}
                onClick={() => setFilter('actor', String(row.actor_id))}
              >
                {row.actor_name ?? row.actor_email}
              </FilterLink>
              {row.actor_name && row.actor_email && (
                <Typography variant="caption" component="div" color="text.secondary">
                  {row.actor_email}
                </Typography>
              )}
            </Box>
          ),
      },
      {
        id: 'company',
        label: t('activityLog.company'),
        nowrap: true,
        render: (row) =>
          row.company_id === null ? (
            '—'
          ) : (
            <FilterLink
              name={t('activityLog.filterByCompany', {
                name: row.company_name ?? `#${row.company_id}`,
              })}
              onClick={() => setFilter('companyId', String(row.company_id))}
            >
              {row.company_name ?? `#${row.company_id}`}
            </FilterLink>
          ),
      },
      {
        // The action and the entity it touched share a cell, so the summary keeps its room.
        id: 'action',
        label: t('activityLog.action'),
        render: (row) => (
          <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
            <Box
              component="code"
              sx={{
                px: 0.75,
                py: 0.25,
                borderRadius: 1,
                bgcolor: 'action.hover',
                fontSize: 13,
                whiteSpace: 'nowrap',
                direction: 'ltr',
              }}
            >
              {row.action}
            </Box>
            <Box
              component="span"
              sx={{ typography: 'caption', color: 'text.secondary', whiteSpace: 'nowrap' }}
            >
              <EntityCell type={row.entity_type} id={row.entity_id} />
            </Box>
          </Box>
        ),
      },
      {
        id: 'summary',
        label: t('activityLog.summary'),
        // The server writes the summary in English: mark it so it reads left to right in Arabic.
        render: (row) => (
          <Box component="span" lang="en" dir="auto" sx={{ display: 'block', minWidth: 200 }}>
            {row.summary}
          </Box>
        ),
      },
    ],
    [t, dates, setFilter],
  );

  // The rows of a filtered list all share the actor (or company), so they also give its name.
  const actorName = useMemo(() => {
    const row = rows?.find((candidate) => String(candidate.actor_id) === actor);
    return row?.actor_name ?? row?.actor_email ?? `#${actor}`;
  }, [rows, actor]);
  const companyName = useMemo(() => {
    const row = rows?.find((candidate) => String(candidate.company_id) === companyId);
    return row?.company_name ?? `#${companyId}`;
  }, [rows, companyId]);

  const filtered = Object.keys(list.filters).length > 0;
  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr 1fr',
            sm: 'minmax(180px, 220px) minmax(150px, 180px) minmax(150px, 180px)',
          },
        }}
      >
        <TextField
          select
          size="small"
          label={t('activityLog.entityType')}
          value={entity ?? ''}
          onChange={(event) => setFilter('entity', event.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('activityLog.allEntities')}</MenuItem>
          {ACTIVITY_ENTITY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`activityLog.entityTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <DayField
          label={t('activityLog.from')}
          value={from}
          max={to}
          onChange={(value) => setFilter('from', value)}
        />
        <DayField
          label={t('activityLog.to')}
          value={to}
          min={from}
          onChange={(value) => setFilter('to', value)}
        />
      </Box>
      {(actor || companyId) && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {actor && (
            <FilterChip
              label={t('activityLog.actorChip', { name: actorName })}
              onRemove={() => setFilter('actor', undefined)}
            />
          )}
          {companyId && (
            <FilterChip
              label={t('activityLog.companyChip', { name: companyName })}
              onRemove={() => setFilter('companyId', undefined)}
            />
          )}
        </Stack>
      )}
      <DataTable
        label={t('activityLog.tableLabel')}
        columns={columns}
        rowKey={(row) => row.id}
        {...controls}
        empty={<NoData hint={filtered ? t('activityLog.noMatches') : t('activityLog.emptyHint')} />}
      />
    </Stack>
  );
}
