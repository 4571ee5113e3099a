import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SLUG_MAX_LENGTH, WATCH_PATH } from '@plotline/core';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { slugProblem, type PublicationValues } from '../../model/publication-form.ts';
import { EmbedOriginsField } from './embed-origins-field.tsx';

interface PublicationFieldsProps {
  control: Control<PublicationValues>;
  /** Where viewers watch, e.g. `https://plotline.example`: the slug's prefix. */
  site: string;
  /** The stored slug: once there is one, the field cannot be emptied. */
  savedSlug: string | null;
  /** The field holds the slug suggested from the title, not saved yet. */
  suggested: boolean;
  disabled: boolean;
}

/**
 * The slug of a URL field reads left to right in every language, the site's prefix before it.
 * Paddings and margins are the same on both sides, so the right-to-left style plugin, which swaps
 * left and right, leaves them as they are.
 */
const urlInputStyle = {
  '& .MuiInputBase-root': { paddingLeft: '14px', paddingRight: '14px' },
  '& .MuiInputBase-input': { paddingLeft: 0, paddingRight: 0 },
  '& .MuiInputAdornment-root': { marginLeft: 0, marginRight: 0, color: 'text.secondary' },
  '& .Mui-disabled .MuiInputAdornment-root': { color: 'text.disabled' },
} as const;

/**
 * Step 4's own fields (spec §2): the video URL's slug after the site's prefix, checked with core's
 * rule as it is typed, the publication channels (the web always, the app when switched on) and the
 * share button.
 */
/** One of the form's on/off fields as a labelled switch. */
function SwitchField({
  control,
  name,
  label,
}: {
  control: Control<PublicationValues>;
  name: 'app_channel_on' | 'shareable';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref } }) => (
        <FormControlLabel
          control={
            <Switch
              checked={value}
              inputRef={ref}
              onChange={(event) => onChange(event.target.checked)}
              onBlur={onBlur}
            />
          }
          label={label}
        />
      )}
    />
  );
}

export function PublicationFields({
  control,
  site,
  savedSlug,
  suggested,
  disabled,
}: PublicationFieldsProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const channelsId = useId();
  const host = new URL(site).host;

  return (
    <Stack spacing={2.5}>
      <Controller
        control={control}
        name="slug"
        rules={{ validate: (slug) => slugProblem(slug, savedSlug) ?? true }}
        render={({ field: { ref, ...field }, fieldState: { error } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={t('projectWizard.stepFour.slug')}
            disabled={disabled}
            error={error !== undefined}
            helperText={
              error?.message
                ? messageText(error.message)
                : t(
                    suggested
                      ? 'projectWizard.stepFour.slugSuggested'
                      : 'projectWizard.stepFour.slugHint',
                  )
            }
            sx={urlInputStyle}
            slotProps={{
              htmlInput: {
                maxLength: SLUG_MAX_LENGTH,
                spellCheck: false,
                autoCapitalize: 'none',
                autoCorrect: 'off',
              },
              input: {
                dir: 'ltr',
                startAdornment: (
                  <InputAdornment position="start" title={`${host}${WATCH_PATH}/`}>
                    {/* A phone has room for the slug after the path only; the address above is whole. */}
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      {host}
                    </Box>
                    {WATCH_PATH}/
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />

      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend" id={channelsId}>
          {t('projectWizard.stepFour.channels')}
        </FormLabel>
        <FormGroup row aria-labelledby={channelsId} sx={{ columnGap: 2 }}>
          <FormControlLabel
            control={<Switch checked disabled />}
            label={t('projectWizard.stepFour.web')}
          />
          <SwitchField
            control={control}
            name="app_channel_on"
            label={t('projectWizard.stepFour.app')}
          />
        </FormGroup>
        <FormHelperText sx={{ mx: 0 }}>{t('projectWizard.stepFour.channelsHint')}</FormHelperText>
      </FormControl>

      <FormControl component="fieldset" disabled={disabled}>
        <SwitchField
          control={control}
          name="shareable"
          label={t('projectWizard.stepFour.shareable')}
        />
        <FormHelperText sx={{ mx: 0 }}>{t('projectWizard.stepFour.shareableHint')}</FormHelperText>
      </FormControl>

      <EmbedOriginsField control={control} disabled={disabled} />
    </Stack>
  );
}
