import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, type PromotedRow } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useDeletePromoted } from '../api/delete-promoted.ts';
import { usePromoted } from '../api/list-promoted.ts';
import { useOrderPromoted } from '../api/order-promoted.ts';
import { useUpdatePromoted } from '../api/update-promoted.ts';
import { PROMOTED_SELECT } from '../model/paths.ts';
import { FeedCardPreview } from './feed-card-preview.tsx';
import { PromotedList } from './promoted-list.tsx';
import { PromotedWindowDialog } from './promoted-window-dialog.tsx';

type OpenDialog = { kind: 'edit'; row: PromotedRow } | { kind: 'remove'; row: PromotedRow };

/**
 * /app/promoted: what the app's feed shows first, in order, with each content's window, segments
 * and status; reordered in place and saved at once, with the feed card it makes beside the list.
 */
export function PromotedPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const promoted = usePromoted();
  useErrorToast(promoted.error);
  const order = useOrderPromoted();
  const [previewId, setPreviewId] = useState<number>();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const rows = promoted.data;
  const previewIndex = Math.max(0, rows?.findIndex((row) => row.id === previewId) ?? 0);
  const previewed = rows?.[previewIndex];

  const onReorder = (next: PromotedRow[]) =>
    order.mutate(next, {
      onSuccess: () => enqueueSnackbar(t('appPromoted.orderSaved'), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(t('appPromoted.orderFailed', { message: messageText(error.message) }), {
          variant: 'error',
        }),
    });

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 640 }}>
          {t('appPromoted.intro')}
        </Typography>
        <Button
          component={RouterLink}
          to={PROMOTED_SELECT}
          variant="contained"
          startIcon={<Add />}
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('appPromoted.addContent')}
        </Button>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 280px' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-busy={promoted.isFetching}>
          {rows === undefined ? (
            <Stack spacing={1} sx={{ p: 2 }}>
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} variant="rounded" height={64} />
              ))}
            </Stack>
          ) : rows.length === 0 ? (
            <NoData
              hint={t('appPromoted.emptyHint')}
              action={
                <Button component={RouterLink} to={PROMOTED_SELECT} startIcon={<Add />}>
                  {t('appPromoted.addContent')}
                </Button>
              }
            />
          ) : (
            <PromotedList
              rows={rows}
              previewId={previewed?.id}
              onPreview={setPreviewId}
              onReorder={onReorder}
              onEdit={(row) => setDialog({ kind: 'edit', row })}
              onRemove={(row) => setDialog({ kind: 'remove', row })}
            />
          )}
        </Paper>
        {rows !== undefined && rows.length > 0 && (
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <FeedCardPreview item={previewed} next={rows[previewIndex + 1]} />
          </Box>
        )}
      </Box>
      {dialog?.kind === 'edit' && (
        <EditPromotedDialog row={dialog.row} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'remove' && (
        <RemovePromotedDialog row={dialog.row} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

function EditPromotedDialog({ row, onClose }: { row: PromotedRow; onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePromoted();
  return (
    <PromotedWindowDialog
      title={t('appPromoted.editTitle')}
      projectTitle={row.title}
      initial={{
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        segmentIds: row.segments.map((segment) => segment.id),
      }}
      submitLabel={t('list.save')}
      busy={update.isPending}
      onSubmit={async (changes) => {
        await update.mutateAsync({ id: row.id, changes });
        enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/** Takes a content out of the promoted list once confirmed with the spec's question. */
function RemovePromotedDialog({ row, onClose }: { row: PromotedRow; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePromoted();
  return (
    <ConfirmDeleteDialog
      title={t('appPromoted.removeTitle')}
      detail={row.title}
      deletedMessage={t('appPromoted.removedToast', { title: row.title })}
      remove={remove}
      variables={row.id}
      onClose={onClose}
    />
  );
}
