import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  checkStory,
  CONTENT_TYPE,
  MESSAGES,
  storyCheckBlocks,
  storyCheckIncomplete,
  suggestSlug,
  type ContentType,
  type MovieContentStatus,
  type PlotItem,
  type Project,
  type StoryProblem,
} from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStorylineShown } from '../../../../api/storyline.ts';
import { captionOf } from '../../../../lib/caption-of.ts';
import { useDateFormat } from '../../../../lib/use-date-format.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useConfirmPaths } from '../../api/confirm-paths.ts';
import { usePublishProject } from '../../api/publish-project.ts';
import { useSavePublicationSettings } from '../../api/save-publication-settings.ts';
import {
  publicationChanges,
  publicationValues,
  publishNeeds,
  shownWatchUrl,
  watchSite,
  type PublicationValues,
} from '../../model/publication-form.ts';
import { LeaveGuardDialog } from '../leave-guard-dialog.tsx';
import { StepFooter } from '../shared/step-footer.tsx';
import { PathsConfirmation } from './paths-confirmation.tsx';
import { PlayerPreview, type PreviewStart } from './player-preview.tsx';
import { ProjectSummary } from './project-summary.tsx';
import { PublicationFields } from './publication-fields.tsx';
import { PublishDialog } from './publish-dialog.tsx';
import { StoryCheckAlert } from './story-check-alert.tsx';
import { EmbedCodeButton } from '../../../../components/embed-code-button.tsx';
import { WatchLinkField } from '../../../../components/watch-link-field.tsx';
import { PlayEveryPath } from '../../../story-paths/index.ts';

export interface StepFourProps {
  /** The project as `GET /api/movie/{movieId}` gives it. */
  project: Project;
  onBack: () => void;
}

const errorMessage = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

/** The project's clips and bridges as core's plot rules read them. */
function plotItemsOf(items: readonly MovieContentStatus[]): PlotItem[] {
  return items
    .filter(
      (item): item is MovieContentStatus & { type: ContentType } =>
        item.type === CONTENT_TYPE.clip || item.type === CONTENT_TYPE.bridge,
    )
    .map(({ movie_content_id, type, duration }) => ({ movie_content_id, type, duration }));
}

/** A published project's notice: when, and where viewers watch it. */
function PublishedNotice({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  return (
    <Alert severity="success" icon={<PublicRounded />}>
      <AlertTitle>{t('projectWizard.stepFour.publishedTitle')}</AlertTitle>
      {project.published_at &&
        t('projectWizard.stepFour.publishedText', { date: dateTime(project.published_at) })}{' '}
      {project.watch_url && (
        <Link href={project.watch_url} target="_blank" rel="noopener" dir="ltr">
          {project.watch_url}
        </Link>
      )}
    </Alert>
  );
}

/**
 * Step 4 of the project wizard (spec §2): the player's address, the project as step 1 left it, the
 * slug and the switches, and the player previewing the draft. Save stores the fields; Publish
 * (§5: title, thumbnails and slug) saves what is unsaved, asks (§8) and publishes, for good (§4):
 * afterwards the step shows the published project, read-only.
 */
export function StepFour({ project, onBack }: StepFourProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const save = useSavePublicationSettings();
  const publish = usePublishProject();
  const confirmPaths = useConfirmPaths();
  const published = project.status === 'published';
  const { control, reset, setError, formState } = useForm<PublicationValues>({
    mode: 'onChange',
    defaultValues: publicationValues(project),
  });
  const values = useWatch({ control }) as PublicationValues;
  const changes = published ? null : publicationChanges(project, values);
  const needs = publishNeeds(project, values);
  const slugError = formState.errors.slug !== undefined;
  const [confirming, setConfirming] = useState(false);
  const [savedThisVisit, setSavedThisVisit] = useState(false);
  // Each save changes what the player shows: the preview loads again.
  const [previewVersion, setPreviewVersion] = useState(0);
  const [previewStart, setPreviewStart] = useState<PreviewStart | null>(null);
  const storyline = useStorylineShown(project.movieId);
  // Core's story check, the server's own before publishing: an error keeps Publish disabled.
  const storyProblems = useMemo<StoryProblem[]>(
    () =>
      storyline.data
        ? checkStory(
            storyline.data.data,
            plotItemsOf(project.movieContent),
            storyline.data.variables,
          )
        : [],
    [storyline.data, project.movieContent],
  );
  // The storyline the server refused to publish for its story check: until another one loads, the
  // refusal stands, even when the studio's copy shows no error.
  const [refusedFor, setRefusedFor] = useState<unknown>(null);
  const plotName = (id: number) => {
    const contentId = storyline.data?.data.find(
      (node) => node.movie_plot_id === id,
    )?.movie_content_id;
    const item = project.movieContent.find((candidate) => candidate.movie_content_id === contentId);
    return item ? captionOf(item, project.primaryLanguageId) || item.file_name : null;
  };
  const storyBlocked =
    !published &&
    (storyCheckBlocks(storyProblems) || (refusedFor !== null && refusedFor === storyline.data));
  // Past the check's bound, the server publishes once the creator confirmed playing the paths of
  // the storyline as stored (core `storyCheckRefusal`): the confirmation names its version.
  const pathsUnchecked = !published && !storyBlocked && storyCheckIncomplete(storyProblems);
  const pathsConfirmed =
    storyline.data !== undefined && project.paths_confirmed_version === storyline.data.version;
  const publishedNotice = useRef<HTMLDivElement>(null);
  const busy = save.isPending || publish.isPending || confirmPaths.isPending;
  const suggested =
    project.slug === null && values.slug !== '' && values.slug === suggestSlug(project.title);

  /** Stores the changed fields, if any; answers whether nothing is left unsaved. */
  const saveChanges = async (): Promise<boolean> => {
    if (changes === null) return true;
    try {
      await save.mutateAsync(changes);
      reset({ ...values, slug: values.slug.trim() });
      setSavedThisVisit(true);
      setPreviewVersion((version) => version + 1);
      return true;
    } catch (failure) {
      const message = errorMessage(failure);
      if (message === MESSAGES.slugTaken) {
        setError('slug', { type: 'taken', message }, { shouldFocus: true });
      } else {
        enqueueSnackbar(messageText(message), { variant: 'error' });
      }
      return false;
    }
  };

  const onSave = async () => {
    if (await saveChanges()) {
      enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
    }
  };

  const onConfirmPaths = () => {
    if (!storyline.data) return;
    confirmPaths.mutate(
      { movieId: project.movieId, version: storyline.data.version },
      { onError: (failure) => enqueueSnackbar(messageText(failure.message), { variant: 'error' }) },
    );
  };

  const onPublish = async () => {
    if (!(await saveChanges())) {
      setConfirming(false);
      return;
    }
    try {
      await publish.mutateAsync(project.movieId);
    } catch (failure) {
      const message = errorMessage(failure);
      if (message === MESSAGES.storyCheckFailed) {
        setRefusedFor(storyline.data ?? null);
        void storyline.refetch();
      }
      // Someone saved the storyline since it was confirmed: the new one is checked and asked about.
      if (message === MESSAGES.storyPathsUnconfirmed) void storyline.refetch();
      enqueueSnackbar(messageText(message), { variant: 'error' });
    }
    setConfirming(false);
  };

  const shownUrl = shownWatchUrl(project, values, window.location.origin);
  const status = published
    ? null
    : changes !== null
      ? { saved: false, label: t('projectWizard.stepFour.unsaved') }
      : savedThisVisit
        ? { saved: true, label: t('projectWizard.stepFour.saved') }
        : null;

  return (
    <Stack spacing={3}>
      {published && (
        <Box ref={publishedNotice} tabIndex={-1} sx={{ outline: 'none' }}>
          <PublishedNotice project={project} />
        </Box>
      )}

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={titleId}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id={titleId} component="h2" variant="h5">
          {t('projectWizard.stepFour.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          {t(published ? 'projectWizard.stepFour.introPublished' : 'projectWizard.stepFour.intro')}
        </Typography>

        <Grid container spacing={{ xs: 3, md: 4 }} sx={{ mt: 3 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2.5}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t('projectWizard.stepFour.publication')}
              </Typography>
              <WatchLinkField
                label={t('projectWizard.stepFour.watchUrl')}
                url={published ? project.watch_url : shownUrl}
                canOpen={published}
                helperText={t(
                  published
                    ? 'projectWizard.stepFour.watchUrlPublished'
                    : shownUrl
                      ? 'projectWizard.stepFour.watchUrlHint'
                      : 'projectWizard.stepFour.watchUrlNone',
                )}
              />
              <PublicationFields
                control={control}
                site={watchSite(project, window.location.origin)}
                savedSlug={project.slug}
                suggested={suggested}
                disabled={published || busy}
              />
              {/* The saved project's code: its slug and sites as stored. */}
              <Box>
                <EmbedCodeButton project={project} />
              </Box>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2.5}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t('projectWizard.stepFour.project')}
              </Typography>
              <ProjectSummary project={project} />
            </Stack>
          </Grid>
        </Grid>
      </Paper>

      <PlayerPreview
        project={project}
        version={previewVersion}
        start={previewStart}
        onStartClear={() => setPreviewStart(null)}
        paths={
          storyline.data && (
            <PlayEveryPath
              plot={storyline.data.data}
              variables={storyline.data.variables}
              items={project.movieContent}
              languageId={project.primaryLanguageId}
              onPlayFrom={(state, caption) => setPreviewStart({ state, caption })}
            />
          )
        }
      />

      {storyBlocked && (
        <StoryCheckAlert
          problems={storyProblems.filter((problem) => problem.severity === 'error')}
          plotName={plotName}
          onOpenStoryline={onBack}
        />
      )}

      {pathsUnchecked && (
        <PathsConfirmation confirmed={pathsConfirmed} busy={busy} onConfirm={onConfirmPaths} />
      )}

      {!published && needs.length > 0 && (
        <Alert severity="info">
          {needs.map((need) => t(`projectWizard.stepFour.needs.${need}`)).join(' ')}
        </Alert>
      )}

      <StepFooter backLabel={t('projectWizard.stepFour.back')} onBack={onBack} status={status}>
        {published ? (
          project.watch_url && (
            <Button
              variant="contained"
              href={project.watch_url}
              target="_blank"
              rel="noopener"
              endIcon={<OpenInNewRounded />}
            >
              {t('projectWizard.stepFour.openPlayer')}
            </Button>
          )
        ) : (
          <>
            <Button
              variant="outlined"
              startIcon={<SaveOutlined />}
              disabled={changes === null || slugError || publish.isPending}
              loading={save.isPending && !confirming}
              onClick={() => void onSave()}
            >
              {t('projectWizard.stepFour.save')}
            </Button>
            <Button
              variant="contained"
              startIcon={<PublicRounded />}
              disabled={
                needs.length > 0 ||
                slugError ||
                busy ||
                storyBlocked ||
                (pathsUnchecked && !pathsConfirmed)
              }
              onClick={() => setConfirming(true)}
            >
              {t('projectWizard.stepFour.publish')}
            </Button>
          </>
        )}
      </StepFooter>

      <PublishDialog
        open={confirming}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onPublish()}
        onClosed={() => publishedNotice.current?.focus()}
      />
      <LeaveGuardDialog unsaved={formState.isDirty && !published} />
    </Stack>
  );
}
