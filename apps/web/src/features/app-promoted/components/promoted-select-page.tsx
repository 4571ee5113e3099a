import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { promotedCandidateSchema } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { flipInRtl } from '../../../lib/flip-in-rtl.ts';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { listQueryOf, useListState } from '../../../lib/use-list-state.ts';
import { useCreatePromoted } from '../api/create-promoted.ts';
import { useCandidates } from '../api/list-candidates.ts';
import { PROMOTED_LIST } from '../model/paths.ts';
import { PromotedWindowDialog } from './promoted-window-dialog.tsx';

type Candidate = z.infer<typeof promotedCandidateSchema>;

/**
 * /app/promoted/select: the published projects on the app channel, searchable; picking one asks
 * when and to whom to show it, promotes it and goes back to the list. Those promoted already are
 * marked and cannot be picked again.
 */
export function PromotedSelectPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const list = useListState();
  const candidates = useCandidates(listQueryOf(list));
  const controls = useListController(list, candidates);
  const [picked, setPicked] = useState<Candidate | null>(null);

  const columns = useMemo<Column<Candidate>[]>(
    () => [
      {
        id: 'project',
        label: t('appPromoted.project'),
        render: (candidate) => (
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 0 }}>
            <Box
              sx={{
                position: 'relative',
                width: { xs: 56, sm: 80 },
                aspectRatio: '16 / 9',
                flexShrink: 0,
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: candidate.thumbnail_desktop ? 'common.black' : 'action.hover',
                display: 'grid',
                placeItems: 'center',
                color: 'text.secondary',
              }}
            >
              {candidate.thumbnail_desktop ? (
                <Box
                  component="img"
                  src={candidate.thumbnail_desktop}
                  alt=""
                  loading="lazy"
                  sx={{ position: 'absolute', inset: 0, width: 1, height: 1, objectFit: 'cover' }}
                />
              ) : (
                <MovieOutlined aria-hidden fontSize="small" />
              )}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {candidate.title}
              </Typography>
              {candidate.series_title && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('appPromoted.episodeOf', {
                    number: candidate.episode_number ?? '',
                    series: candidate.series_title,
                  })}
                </Typography>
              )}
            </Box>
          </Stack>
        ),
      },
      {
        id: 'company',
        label: t('appPromoted.company'),
        render: (candidate) => candidate.company_name,
      },
      {
        id: 'published',
        label: t('appPromoted.published'),
        nowrap: true,
        render: (candidate) => dates.date(candidate.published_at),
      },
    ],
    [t, dates],
  );

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={PROMOTED_LIST} startIcon={<ArrowBack sx={flipInRtl} />}>
          {t('appPromoted.backToList')}
        </Button>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField
          value={list.search}
          onSearch={list.setSearch}
          label={t('appPromoted.searchProjects')}
        />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
          {t('appPromoted.selectHint')}
        </Typography>
      </Stack>
      <DataTable
        label={t('appPromoted.candidatesLabel')}
        columns={columns}
        rowKey={(candidate) => candidate.movie_id}
        {...controls}
        onSort={undefined}
        actions={(candidate) =>
          candidate.promoted ? (
            <Chip
              size="small"
              variant="outlined"
              color="success"
              icon={<CheckCircleOutline />}
              label={t('appPromoted.alreadyPromoted')}
              sx={{ fontWeight: 700 }}
            />
          ) : (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setPicked(candidate)}
              aria-label={t('appPromoted.promoteProject', { title: candidate.title })}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('appPromoted.promote')}
            </Button>
          )
        }
        empty={
          <NoData hint={list.filtered ? t('list.noMatches') : t('appPromoted.noCandidates')} />
        }
      />
      {picked && <PromoteDialog candidate={picked} onClose={() => setPicked(null)} />}
    </Stack>
  );
}

function PromoteDialog({ candidate, onClose }: { candidate: Candidate; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const create = useCreatePromoted();
  return (
    <PromotedWindowDialog
      title={t('appPromoted.promoteTitle')}
      projectTitle={candidate.title}
      submitLabel={t('appPromoted.promote')}
      busy={create.isPending}
      onSubmit={async (values) => {
        await create.mutateAsync({ movie_id: candidate.movie_id, ...values });
        enqueueSnackbar(t('appPromoted.promotedToast', { title: candidate.title }), {
          variant: 'success',
        });
        void navigate(PROMOTED_LIST);
      }}
      onClose={onClose}
    />
  );
}
