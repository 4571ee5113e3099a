import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { MovieContentStatus } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { ItemThumbnail } from '../../../components/item-thumbnail.tsx';
import { captionOf } from '../../../lib/caption-of.ts';

function ItemLine({ item, languageId }: { item: MovieContentStatus; languageId: number | null }) {
  const caption = captionOf(item, languageId);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <ItemThumbnail item={item} width={64} />
      <ListItemText
        primary={item.file_name}
        secondary={caption || undefined}
        slotProps={{
          primary: { noWrap: true, dir: 'auto', sx: { textAlign: 'left' } },
          secondary: { noWrap: true, dir: 'auto', sx: { textAlign: 'left' } },
        }}
        sx={{ my: 0, minWidth: 0 }}
      />
    </Box>
  );
}

interface ItemPickerProps {
  label: string;
  /** The clips or the bridges, whichever the plot's place takes. */
  items: readonly MovieContentStatus[];
  value: number | null;
  languageId: number | null;
  disabled: boolean;
  onChange: (item: MovieContentStatus) => void;
}

/** The clip or bridge picker of the plot builder: thumbnail, file name and caption of each. */
export function ItemPicker({
  label,
  items,
  value,
  languageId,
  disabled,
  onChange,
}: ItemPickerProps) {
  const { t } = useTranslation();
  const chosen = items.find((item) => item.movie_content_id === value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={chosen ? String(chosen.movie_content_id) : ''}
      disabled={disabled}
      onChange={(event) => {
        const item = items.find(
          (candidate) => String(candidate.movie_content_id) === event.target.value,
        );
        if (item) onChange(item);
      }}
      slotProps={{
        select: {
          displayEmpty: true,
          renderValue: () =>
            chosen ? (
              <ItemLine item={chosen} languageId={languageId} />
            ) : (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('projectWizard.stepThree.choose')}
              </Box>
            ),
        },
        inputLabel: { shrink: true },
      }}
    >
      {items.length === 0 && (
        <MenuItem disabled value="">
          {t('projectWizard.stepThree.noItems')}
        </MenuItem>
      )}
      {items.map((item) => (
        <MenuItem key={item.movie_content_id} value={String(item.movie_content_id)}>
          <ItemLine item={item} languageId={languageId} />
        </MenuItem>
      ))}
    </TextField>
  );
}
