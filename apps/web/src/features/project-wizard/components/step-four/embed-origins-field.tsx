import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ANY_ORIGIN, EMBED_ORIGINS_MAX, MESSAGES, normalizeOrigin } from '@plotline/core';
import { useId, useRef, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import type { PublicationValues } from '../../model/publication-form.ts';

interface EmbedOriginsFieldProps {
  control: Control<PublicationValues>;
  disabled: boolean;
}

/**
 * Step 4's `embed_origins` (issue 22): the sites whose pages may show the player in a frame, each
 * typed as its origin (core's rule, checked as it is added), or any site. Only a shareable project
 * is offered to other sites: with the share button off the field is disabled, and says why.
 */
export function EmbedOriginsField({ control, disabled }: EmbedOriginsFieldProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const labelId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const shareable = useWatch({ control, name: 'shareable' });
  const {
    field: { value: origins, onChange },
  } = useController({ control, name: 'embed_origins' });
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const off = disabled || !shareable;
  const anySite = origins.includes(ANY_ORIGIN);
  const full = origins.length >= EMBED_ORIGINS_MAX;

  const add = () => {
    const origin = normalizeOrigin(draft);
    if (origin === null) {
      setProblem(MESSAGES.embedOriginFormat);
      input.current?.focus();
      return;
    }
    if (!origins.includes(origin)) onChange([...origins, origin]);
    setDraft('');
    setProblem(null);
    input.current?.focus();
  };

  const remove = (origin: string) => {
    onChange(origins.filter((kept) => kept !== origin));
    // The button goes with its row: the focus goes to the field where sites are added.
    input.current?.focus();
  };

  return (
    <FormControl component="fieldset" disabled={off}>
      <FormLabel component="legend" id={labelId}>
        {t('embed.originsLabel')}
      </FormLabel>
      <FormHelperText id={hintId} sx={{ mx: 0, mb: 1 }}>
        {shareable ? t('embed.originsHint') : t('embed.originsNotShareable')}
      </FormHelperText>
      <FormControlLabel
        control={
          <Switch
            checked={anySite}
            onChange={(event) => onChange(event.target.checked ? [ANY_ORIGIN] : [])}
          />
        }
        label={t('embed.anySite')}
      />
      {!anySite && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              inputRef={input}
              label={t('embed.addOrigin')}
              placeholder="https://example.com"
              size="small"
              value={draft}
              disabled={off || full}
              error={problem !== null}
              helperText={
                problem
                  ? messageText(problem)
                  : full
                    ? messageText(MESSAGES.embedOriginsTooMany)
                    : undefined
              }
              onChange={(event) => {
                setDraft(event.target.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              sx={{ flex: 1 }}
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  spellCheck: false,
                  autoCapitalize: 'none',
                  autoCorrect: 'off',
                  inputMode: 'url',
                  'aria-describedby': hintId,
                },
              }}
            />
            <Button
              variant="outlined"
              startIcon={<AddRounded />}
              disabled={off || full || draft.trim() === ''}
              onClick={add}
              sx={{ minHeight: 40 }}
            >
              {t('embed.add')}
            </Button>
          </Stack>
          {origins.length === 0 ? (
            <FormHelperText sx={{ mx: 0 }}>{t('embed.none')}</FormHelperText>
          ) : (
            <List dense disablePadding aria-labelledby={labelId}>
              {origins.map((origin) => (
                <ListItem
                  key={origin}
                  disableGutters
                  secondaryAction={
                    <IconButton
                      edge="end"
                      disabled={off}
                      aria-label={t('embed.remove', { origin })}
                      title={t('embed.remove', { origin })}
                      onClick={() => remove(origin)}
                    >
                      <CloseRounded />
                    </IconButton>
                  }
                >
                  <ListItemText primary={origin} slotProps={{ primary: { dir: 'ltr' } }} />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      )}
    </FormControl>
  );
}
