import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAPTION_MAX_LENGTH, MESSAGES, type MovieContentStatus } from '@plotline/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useLanguages } from '../../api/languages.ts';
import type { CaptionEditor } from '../../hooks/use-caption-editor.ts';
import { useLanguageName } from '../../../../lib/use-language-name.ts';
import type { LanguageRow } from '../../model/caption-drafts.ts';
import { SubtitleField } from './subtitle-field.tsx';

const languageFieldStyle = { gridArea: 'language' } as const;

interface LanguageRowFieldsProps {
  item: MovieContentStatus;
  row: LanguageRow;
  /** The languages this row may take: those the item's other rows do not hold. */
  options: { language_id: number; name: string }[];
  editor: CaptionEditor;
  readOnly: boolean;
  onRemove: () => void;
  onRemoveSubtitle: () => void;
}

function LanguageRowFields({
  item,
  row,
  options,
  editor,
  readOnly,
  onRemove,
  onRemoveSubtitle,
}: LanguageRowFieldsProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const languageName = useLanguageName();
  const name = row.languageId === null ? '' : languageName(row.languageId);
  const error = editor.errorOf(item.movie_content_id, row);
  const chosen = row.languageId !== null;

  return (
    <Box
      component="li"
      aria-label={name || t('projectWizard.stepTwo.languages.newRow')}
      sx={{
        display: 'grid',
        alignItems: 'start',
        gap: 1.5,
        // A phone stacks the language and the caption over the subtitle; wider screens line the
        // rows up in columns.
        gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: '180px minmax(0, 1fr) 210px auto' },
        gridTemplateAreas: {
          xs: '"language language" "caption caption" "subtitle remove"',
          sm: '"language caption subtitle remove"',
        },
        // Stacked rows need a line between them to read as separate languages.
        '& + &': (theme) => ({
          [theme.breakpoints.down('sm')]: {
            paddingTop: theme.spacing(1.5),
            borderTop: `1px solid ${theme.palette.divider}`,
          },
        }),
      }}
    >
      {row.stored || readOnly ? (
        // A stored language stays what it is: changing it would be removing one and adding another.
        <TextField
          size="small"
          label={t('projectWizard.stepTwo.languages.language')}
          value={name}
          slotProps={{ input: { readOnly: true } }}
          sx={languageFieldStyle}
        />
      ) : (
        <TextField
          select
          size="small"
          label={t('projectWizard.stepTwo.languages.language')}
          value={row.languageId ?? ''}
          onChange={(event) =>
            editor.chooseLanguage(item.movie_content_id, row, Number(event.target.value))
          }
          sx={languageFieldStyle}
        >
          {options.map((option) => (
            <MenuItem key={option.language_id} value={option.language_id}>
              {languageName(option.language_id, option.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        size="small"
        required
        label={t('projectWizard.stepTwo.languages.caption')}
        value={row.caption}
        disabled={!chosen}
        error={error !== undefined}
        helperText={
          error
            ? messageText(error)
            : chosen
              ? t('projectWizard.stepTwo.languages.captionCount', {
                  count: row.caption.length,
                  max: CAPTION_MAX_LENGTH,
                })
              : t('projectWizard.stepTwo.languages.captionHint')
        }
        onChange={(event) => editor.editCaption(item.movie_content_id, row, event.target.value)}
        slotProps={{ htmlInput: { maxLength: CAPTION_MAX_LENGTH, dir: 'auto', readOnly } }}
        sx={{ gridArea: 'caption', minWidth: 0 }}
      />
      <Box
        sx={{
          gridArea: 'subtitle',
          minWidth: 0,
          minHeight: 40,
          display: 'flex',
          alignItems: 'center',
        }}
      >
        <SubtitleField
          fileName={row.fileName}
          languageName={name}
          disabled={!chosen}
          readOnly={readOnly}
          onUpload={(file, onProgress) =>
            editor.uploadSubtitle(item.movie_content_id, row, file, onProgress)
          }
          onRemove={onRemoveSubtitle}
        />
      </Box>
      {!readOnly && (
        <IconButton
          sx={{ gridArea: 'remove' }}
          aria-label={
            chosen
              ? t('projectWizard.stepTwo.languages.removeLanguage', { language: name })
              : t('projectWizard.stepTwo.languages.removeRow')
          }
          title={
            chosen
              ? t('projectWizard.stepTwo.languages.removeLanguage', { language: name })
              : t('projectWizard.stepTwo.languages.removeRow')
          }
          onClick={onRemove}
        >
          <DeleteOutline />
        </IconButton>
      )}
    </Box>
  );
}

interface ContentLanguagesProps {
  item: MovieContentStatus;
  editor: CaptionEditor;
  /** A published project's languages: shown, not changed. */
  readOnly: boolean;
}

/**
 * The languages of one clip or bridge: for each, a caption (spec §5: required, at most 75
 * characters, only once a language is chosen) and an optional .srt subtitle.
 */
export function ContentLanguages({ item, editor, readOnly }: ContentLanguagesProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const languageName = useLanguageName();
  const languages = useLanguages();
  const rows = editor.rowsOf(item);
  // What a dialog is about outlives its opening, so its words stay put while it closes.
  const [asking, setAsking] = useState<{ about: 'language' | 'subtitle'; row: LanguageRow } | null>(
    null,
  );
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ask = (about: 'language' | 'subtitle', row: LanguageRow) => {
    setAsking({ about, row });
    setOpen(true);
  };
  const all = languages.data ?? [];
  const optionsFor = (row: LanguageRow) =>
    all.filter(
      (language) =>
        language.language_id === row.languageId ||
        !rows.some((other) => other.languageId === language.language_id),
    );
  const canAdd =
    rows.every((row) => row.languageId !== null) &&
    all.some((language) => !rows.some((row) => row.languageId === language.language_id));

  const confirm = async () => {
    if (!asking || asking.row.languageId === null) return;
    setBusy(true);
    if (asking.about === 'language') await editor.removeLanguage(asking.row.languageId);
    else await editor.removeSubtitle(item.movie_content_id, asking.row);
    setBusy(false);
    setOpen(false);
  };
  const askedName = asking?.row.languageId == null ? '' : languageName(asking.row.languageId);

  return (
    <Box
      component="section"
      aria-label={t('projectWizard.stepTwo.languages.sectionOf', { name: item.file_name })}
      sx={{ mt: 0.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1.5 }}>
        {t('projectWizard.stepTwo.languages.heading')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('projectWizard.stepTwo.languages.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, mb: 1, p: 0 }}>
          {rows.map((row) => (
            <LanguageRowFields
              key={row.key}
              item={item}
              row={row}
              options={optionsFor(row)}
              editor={editor}
              readOnly={readOnly}
              onRemove={() =>
                row.languageId === null
                  ? editor.dropRow(item.movie_content_id, row)
                  : ask('language', row)
              }
              onRemoveSubtitle={() => ask('subtitle', row)}
            />
          ))}
        </Stack>
      )}
      {!readOnly && (
        <Button
          size="small"
          startIcon={<Add />}
          disabled={!canAdd}
          onClick={() => editor.addRow(item.movie_content_id)}
        >
          {t('projectWizard.stepTwo.languages.add')}
        </Button>
      )}

      <ConfirmDialog
        open={open}
        title={
          asking?.about === 'subtitle'
            ? t('projectWizard.stepTwo.languages.removeSubtitleTitle')
            : t('projectWizard.stepTwo.languages.removeLanguage', { language: askedName })
        }
        message={
          asking?.about === 'subtitle'
            ? messageText(MESSAGES.confirmAction)
            : t('projectWizard.stepTwo.languages.removeConfirm')
        }
        detail={asking?.about === 'subtitle' ? (asking.row.fileName ?? undefined) : undefined}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </Box>
  );
}
