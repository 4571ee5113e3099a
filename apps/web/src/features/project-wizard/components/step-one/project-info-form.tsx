import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canSetProjectClient,
  MESSAGES,
  PROJECT_TYPE,
  type Project,
  type ProjectInfo,
} from '@plotline/core';
import { useIsMutating } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../../lib/use-error-toast.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useSubject } from '../../../../lib/use-subject.ts';
import { useAddSeries } from '../../api/add-series.ts';
import { useSaveProjectInfo } from '../../api/save-project-info.ts';
import { useSeriesList } from '../../api/series-list.ts';
import { uploadThumbnailMutationOptions } from '../../api/upload-thumbnail.ts';
import { episodeForSeries, episodeOptions } from '../../model/episodes.ts';
import {
  projectInfoResolver,
  projectInfoValues,
  savedValues,
  titleLabelKey,
  toProjectInfo,
  type ProjectInfoValues,
} from '../../model/project-info-values.ts';
import { THUMBNAIL_KINDS } from '../../model/thumbnails.ts';
import { stepOneNeeds, type StepOneNeed } from '../../model/wizard-step.ts';
import { LeaveGuardDialog } from '../leave-guard-dialog.tsx';
import { PublishedAlert } from '../shared/published-alert.tsx';
import { ClientField } from './client-field.tsx';
import { EpisodeField } from './episode-field.tsx';
import { OrientationField } from './orientation-field.tsx';
import { SeriesField } from './series-field.tsx';
import { TagsField } from './tags-field.tsx';
import { ThumbnailField } from './thumbnail-field.tsx';
import { flipInRtl } from '../../../../lib/flip-in-rtl.ts';

export interface ProjectInfoFormProps {
  /** The project; none until a save or a thumbnail upload has made it. */
  movieId: number | undefined;
  /** The project as the server has it; none before it exists (or while a new one loads). */
  project: Project | undefined;
  /** The series a new project starts as an episode of (the wizard opened with `?series={id}`). */
  seriesId?: number | undefined;
  onProjectCreated: (movieId: number) => void;
  onNext: () => void;
  onBack: () => void;
}

/**
 * Step 1 of the wizard (spec §2): series, title, tags, description, orientation and thumbnails.
 * Save creates or updates the project; Next waits for a saved, complete project.
 */
export function ProjectInfoForm({
  movieId,
  project,
  seriesId: presetSeriesId,
  onProjectCreated,
  onNext,
  onBack,
}: ProjectInfoFormProps) {
  const { t, i18n } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const seriesList = useSeriesList();
  const save = useSaveProjectInfo();
  const subject = useSubject();
  const mayChooseClient = subject !== null && canSetProjectClient(subject);
  const addSeries = useAddSeries();
  const { control, handleSubmit, reset, setValue, formState } = useForm<
    ProjectInfoValues,
    unknown,
    ProjectInfo
  >({
    resolver: projectInfoResolver,
    defaultValues: projectInfoValues(project, presetSeriesId),
  });
  const [type, seriesId] = useWatch({ control, name: ['type', 'movieIdParent'] });
  useErrorToast(seriesList.error);
  const titleId = useId();

  const readOnly = project?.status === 'published';
  const uploading =
    useIsMutating({ mutationKey: uploadThumbnailMutationOptions().mutationKey }) > 0;
  // Until the first save or upload has made the project, a second call would make a second one.
  const creating = movieId === undefined && (save.isPending || uploading);
  const busy = save.isPending || readOnly;
  const unsaved = formState.isDirty && !readOnly;
  const series = seriesList.data ?? (project?.series ? [project.series] : []);
  const chosenSeries = series.find((entry) => entry.movie_id === seriesId);
  const needs = stepOneNeeds(project);
  const canGoOn = movieId !== undefined && !unsaved && needs.length === 0 && !creating;

  const chooseSeries = (id: number | null) => {
    const options = { shouldDirty: true } as const;
    setValue('movieIdParent', id, options);
    setValue('type', id === null ? PROJECT_TYPE.single : PROJECT_TYPE.episode, options);
    setValue('episodeNumber', episodeForSeries(id, project), options);
  };

  const createSeries = (title: string) =>
    addSeries.mutate(
      { title, ...(movieId === undefined ? {} : { movieId }) },
      {
        onSuccess: ({ movieId: created }) => chooseSeries(created),
        onError: (failure) => enqueueSnackbar(messageText(failure.message), { variant: 'error' }),
      },
    );

  const onSubmit = handleSubmit((info) =>
    save.mutate(toProjectInfo(info, movieId, mayChooseClient), {
      onSuccess: ({ movieId: saved }) => {
        reset(savedValues(info));
        enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
        if (movieId === undefined) onProjectCreated(saved);
      },
      onError: (failure) => enqueueSnackbar(messageText(failure.message), { variant: 'error' }),
    }),
  );

  const needLabel = (need: StepOneNeed) => {
    if (need === 'title') return t(titleLabelKey(type));
    if (need === 'view_mode') return t('projectWizard.stepOne.orientation');
    return t(`projectWizard.stepOne.thumbnailNames.${need}`);
  };
  const hint = readOnly
    ? null
    : unsaved
      ? t('projectWizard.stepOne.needsSave')
      : needs.length > 0
        ? t('projectWizard.stepOne.needs', {
            list: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
              needs.map(needLabel),
            ),
          })
        : null;

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={titleId} component="h2" variant="h5">
        {t('projectWizard.stepOne.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
        {t('projectWizard.stepOne.intro')}
      </Typography>
      {readOnly && (
        <Box sx={{ mt: 2 }}>
          <PublishedAlert />
        </Box>
      )}

      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2.5}>
            <SeriesField
              value={seriesId}
              series={series}
              loading={seriesList.isPending || addSeries.isPending}
              disabled={busy || addSeries.isPending}
              error={
                formState.errors.movieIdParent?.message &&
                messageText(formState.errors.movieIdParent.message)
              }
              onChange={chooseSeries}
              onCreate={createSeries}
            />
            {type === PROJECT_TYPE.episode && (
              <Controller
                control={control}
                name="episodeNumber"
                render={({ field, fieldState: { error } }) => (
                  <EpisodeField
                    value={field.value}
                    options={episodeOptions(chosenSeries, project)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={save.isPending}
                    readOnly={readOnly}
                    error={error?.message && messageText(error.message)}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="title"
              render={({ field: { ref, ...field }, fieldState: { error } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t(titleLabelKey(type))}
                  required
                  disabled={save.isPending}
                  error={error !== undefined}
                  helperText={error?.message && messageText(error.message)}
                  // Titles are written in any language, whatever the page's direction.
                  slotProps={{ htmlInput: { readOnly, maxLength: 200, dir: 'auto' } }}
                />
              )}
            />
            <Controller
              control={control}
              name="client_name"
              render={({ field, fieldState: { error } }) => (
                <ClientField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  movieId={movieId}
                  mayChoose={mayChooseClient}
                  readOnly={readOnly}
                  disabled={save.isPending}
                  error={error?.message && messageText(error.message)}
                />
              )}
            />
            <Controller
              control={control}
              name="tags"
              render={({ field, fieldState: { error } }) => (
                <TagsField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={busy}
                  error={error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="synopsis"
              render={({ field: { ref, ...field }, fieldState: { error } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t('projectWizard.stepOne.description')}
                  multiline
                  minRows={4}
                  disabled={save.isPending}
                  error={error !== undefined}
                  helperText={error?.message}
                  slotProps={{ htmlInput: { readOnly, maxLength: 5000, dir: 'auto' } }}
                />
              )}
            />
            <Controller
              control={control}
              name="view_mode"
              render={({ field, fieldState: { error } }) => (
                <OrientationField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={busy}
                  error={error?.message && messageText(error.message)}
                />
              )}
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
            {t('projectWizard.stepOne.thumbnails')}
          </Typography>
          <Stack spacing={2}>
            {THUMBNAIL_KINDS.map((kind) => (
              <ThumbnailField
                key={kind}
                kind={kind}
                movieId={movieId}
                url={project?.[kind] ?? null}
                readOnly={readOnly}
                disabled={creating}
                onProjectCreated={onProjectCreated}
              />
            ))}
          </Stack>
        </Grid>
      </Grid>

      <Divider sx={{ my: 3 }} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button
          startIcon={<ArrowBack sx={flipInRtl} />}
          onClick={onBack}
          sx={{ order: { xs: 3, sm: 0 }, alignSelf: { xs: 'center', sm: 'auto' } }}
        >
          {t('projectWizard.wizard.back')}
        </Button>
        <Box sx={{ flexGrow: 1, order: 1 }}>
          {hint && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ textAlign: { sm: 'end' } }}
              aria-live="polite"
            >
              {hint}
            </Typography>
          )}
        </Box>
        <Stack direction="row" sx={{ gap: 1.5, justifyContent: 'flex-end', order: 2 }}>
          {!readOnly && (
            <Button
              type="submit"
              variant="outlined"
              startIcon={<SaveOutlined />}
              loading={save.isPending}
              disabled={creating && !save.isPending}
            >
              {t('projectWizard.stepOne.save')}
            </Button>
          )}
          <Button
            variant="contained"
            endIcon={<ArrowForward sx={flipInRtl} />}
            disabled={!canGoOn}
            onClick={onNext}
          >
            {t('projectWizard.wizard.next')}
          </Button>
        </Stack>
      </Stack>
      <LeaveGuardDialog unsaved={unsaved} />
    </Paper>
  );
}
