import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BANNER_BUTTON_TEXT_MAX_LENGTH,
  bannerSettingsSchema,
  MESSAGES,
  type Project,
} from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useEffect, useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useSaveBannerSettings } from '../../api/save-banner-settings.ts';

type BannerForm = z.input<typeof bannerSettingsSchema>;

const COLOUR = /^#[0-9a-fA-F]{6}$/;

interface ColourFieldProps {
  control: Control<BannerForm>;
  name: 'button_color' | 'button_text_color';
  label: string;
  readOnly: boolean;
}

/** A colour as a picker and as its hex code, either of which may be edited (spec §5). */
function ColourField({ control, name, label, readOnly }: ColourFieldProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value = '', onChange, onBlur }, fieldState: { error } }) => (
        <TextField
          inputRef={ref}
          label={label}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          error={error !== undefined}
          helperText={error ? t('projectWizard.stepTwo.banner.colourInvalid') : ' '}
          sx={{ flex: '1 1 180px' }}
          slotProps={{
            htmlInput: { dir: 'ltr', spellCheck: false, maxLength: 7, readOnly },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    value={COLOUR.test(value) ? value.toLowerCase() : '#000000'}
                    onChange={onChange}
                    disabled={readOnly}
                    aria-label={t('projectWizard.stepTwo.banner.pick', { name: label })}
                    sx={{
                      width: 32,
                      height: 32,
                      p: 0,
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                      bgcolor: 'transparent',
                      cursor: readOnly ? 'default' : 'pointer',
                    }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}

interface BannerSettingsFormProps {
  project: Project;
  /** A published project's banner: shown, not changed. */
  readOnly: boolean;
  /** Tells the step whether the form holds changes not saved yet. */
  onDirtyChange: (dirty: boolean) => void;
}

function valuesOf(project: Project): BannerForm {
  return {
    movie_id: project.movieId,
    button_text: project.button_text,
    button_color: project.button_color || '#000000',
    button_text_color: project.button_text_color || '#ffffff',
    url: project.url,
  };
}

/** The banner's button (text at most 20 characters, its colour and its text colour) and target URL. */
export function BannerSettingsForm({ project, readOnly, onDirtyChange }: BannerSettingsFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const save = useSaveBannerSettings();
  const { control, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(bannerSettingsSchema),
    defaultValues: valuesOf(project),
  });
  const [text, colour, textColour] = watch(['button_text', 'button_color', 'button_text_color']);

  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const onSubmit = handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: () => {
        reset(settings);
        enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
      },
      onError: (failure) => enqueueSnackbar(messageText(failure.message), { variant: 'error' }),
    }),
  );

  return (
    <Paper
      component="form"
      noValidate
      variant="outlined"
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      sx={{ p: 2 }}
    >
      <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('projectWizard.stepTwo.banner.settings')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Stack spacing={1} sx={{ flex: '2 1 0', minWidth: 0 }}>
          <Controller
            control={control}
            name="button_text"
            render={({ field: { ref, value = '', ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                value={value}
                inputRef={ref}
                label={t('projectWizard.stepTwo.banner.buttonText')}
                error={error !== undefined}
                helperText={t('projectWizard.stepTwo.banner.count', {
                  count: value.length,
                  max: BANNER_BUTTON_TEXT_MAX_LENGTH,
                })}
                slotProps={{
                  htmlInput: { maxLength: BANNER_BUTTON_TEXT_MAX_LENGTH, dir: 'auto', readOnly },
                }}
              />
            )}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
            <ColourField
              control={control}
              name="button_color"
              label={t('projectWizard.stepTwo.banner.buttonColor')}
              readOnly={readOnly}
            />
            <ColourField
              control={control}
              name="button_text_color"
              label={t('projectWizard.stepTwo.banner.buttonTextColor')}
              readOnly={readOnly}
            />
          </Stack>
          <Controller
            control={control}
            name="url"
            render={({ field: { ref, value = '', ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                value={value}
                inputRef={ref}
                type="url"
                label={t('projectWizard.stepTwo.banner.url')}
                placeholder="https://"
                error={error !== undefined}
                helperText={
                  error?.message
                    ? messageText(error.message)
                    : t('projectWizard.stepTwo.banner.urlHint')
                }
                slotProps={{ htmlInput: { dir: 'ltr', readOnly } }}
              />
            )}
          />
        </Stack>
        <Stack spacing={1} sx={{ flex: '1 1 0', minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('projectWizard.stepTwo.banner.preview')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              minHeight: 96,
              p: 2,
              borderRadius: 1.5,
              bgcolor: 'action.hover',
            }}
          >
            <Box
              aria-hidden
              dir="auto"
              sx={{
                maxWidth: '100%',
                px: 2.5,
                py: 1,
                borderRadius: 5,
                fontWeight: 700,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                boxShadow: 1,
                bgcolor: COLOUR.test(colour ?? '') ? colour : '#000000',
                color: COLOUR.test(textColour ?? '') ? textColour : '#ffffff',
              }}
            >
              {text || t('projectWizard.stepTwo.banner.buttonFallback')}
            </Box>
          </Box>
        </Stack>
      </Stack>
      {!readOnly && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('projectWizard.stepTwo.banner.save')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
