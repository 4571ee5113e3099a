import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PlotNode } from '@plotline/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { plotEntries } from '../model/path-trail.ts';
import type { PlotLabel } from '../model/plot-labels.ts';

interface PlotPickerProps {
  plot: readonly PlotNode[];
  labels: ReadonlyMap<number, PlotLabel>;
  /** The plot the path is at. */
  value: number;
  onJump: (id: number) => void;
}

/** Every plot in reading order, indented by depth: the creator jumps to any of them. */
export function PlotPicker({ plot, labels, value, onJump }: PlotPickerProps) {
  const { t } = useTranslation();
  const entries = useMemo(() => plotEntries(plot), [plot]);
  const nameOf = (id: number) => labels.get(id)?.caption || t('storyPaths.noItem');
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('storyPaths.jump')}
      value={String(value)}
      onChange={(event) => onJump(Number(event.target.value))}
      slotProps={{
        select: {
          renderValue: (selected) => nameOf(Number(selected)),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
      }}
    >
      {entries.map(({ node, depth }, index) => {
        const label = labels.get(node.movie_plot_id);
        return (
          <MenuItem
            key={node.movie_plot_id}
            value={String(node.movie_plot_id)}
            sx={{ paddingInlineStart: (theme) => theme.spacing(2 + Math.min(depth, 8) * 1.5) }}
          >
            <ListItemText
              primary={
                <>
                  {index + 1}. <bdi>{nameOf(node.movie_plot_id)}</bdi>
                </>
              }
              secondary={t(`storyPaths.kind.${label?.kind ?? 'clip'}`)}
              slotProps={{ primary: { noWrap: true } }}
            />
          </MenuItem>
        );
      })}
    </TextField>
  );
}
