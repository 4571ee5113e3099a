import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PlotNode } from '@plotline/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ContinueAtDialogProps {
  /** The plot that gets the link; null while the dialog is closed. */
  node: PlotNode | null;
  /** The plots it may continue at (`continueTargets`). */
  targets: readonly PlotNode[];
  plotName: (id: number) => string;
  onCancel: () => void;
  onConfirm: (targetId: number) => void;
}

/**
 * "Continue at…": the story goes on from a plot without options at another plot of the other kind
 * of item, so paths meet (and may loop). The picker offers only those plots.
 */
export function ContinueAtDialog({
  node,
  targets,
  plotName,
  onCancel,
  onConfirm,
}: ContinueAtDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [chosen, setChosen] = useState('');
  const [openFor, setOpenFor] = useState<number | null>(null);
  // Each opening starts from the plot's current link.
  const id = node?.movie_plot_id ?? null;
  if (openFor !== id) {
    setOpenFor(id);
    setChosen(node?.goto_id == null ? '' : String(node.goto_id));
  }
  return (
    <Dialog
      open={node !== null}
      onClose={onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('storyLogic.continueAt.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {node && t('storyLogic.continueAt.intro', { plot: plotName(node.movie_plot_id) })}
        </DialogContentText>
        <TextField
          select
          fullWidth
          autoFocus
          size="small"
          label={t('storyLogic.continueAt.target')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          helperText={targets.length === 0 ? t('storyLogic.continueAt.none') : undefined}
          slotProps={{
            select: {
              renderValue: (value) => (
                <span dir="auto">{value === '' ? '' : plotName(Number(value))}</span>
              ),
            },
          }}
        >
          {targets.map((target) => (
            // Plots may share an item: the plot before each tells them apart.
            <MenuItem key={target.movie_plot_id} value={String(target.movie_plot_id)}>
              <ListItemText
                primary={plotName(target.movie_plot_id)}
                secondary={
                  target.parent_id === null
                    ? undefined
                    : t('storyLogic.continueAt.after', { plot: plotName(target.parent_id) })
                }
                slotProps={{ primary: { dir: 'auto' }, secondary: { dir: 'auto' } }}
                sx={{ my: 0 }}
              />
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('storyLogic.cancel')}</Button>
        <Button
          variant="contained"
          disabled={chosen === ''}
          onClick={() => onConfirm(Number(chosen))}
        >
          {t('storyLogic.continueAt.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
