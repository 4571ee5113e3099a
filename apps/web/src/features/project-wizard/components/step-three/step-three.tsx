import ArrowForward from '@mui/icons-material/ArrowForward';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, storylineSaveBlockers, type Project } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flipInRtl } from '../../../../lib/flip-in-rtl.ts';
import { useLanguageName } from '../../../../lib/use-language-name.ts';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import {
  firstItemLanguages,
  StorylineWorkspace,
  useStorylineEditor,
} from '../../../storyline/index.ts';
import { PlayEveryPath } from '../../../story-paths/index.ts';
import { useMovieStatus } from '../../api/movie-status.ts';
import { useSavePublicationSettings } from '../../api/save-publication-settings.ts';
import { LeaveGuardDialog } from '../leave-guard-dialog.tsx';
import { PublishedAlert } from '../shared/published-alert.tsx';
import { StepFooter } from '../shared/step-footer.tsx';

export interface StepThreeProps {
  movieId: number;
  project: Project;
  /** Opened from the project's detail page: Save reads 'Save and Exit' and leaves after saving. */
  fromDetail?: boolean;
  onBack: () => void;
  onNext: () => void;
  onExit?: () => void;
}

/**
 * Step 3 of the project wizard (spec §2): the storyline, edited in the storyline's workspace (the
 * plot builder and the graph), with the primary language, read-only and Save around it. Save stores
 * the whole tree; Next is offered once a save has succeeded on this visit.
 */
export function StepThree({
  movieId,
  project,
  fromDetail = false,
  onBack,
  onNext,
  onExit,
}: StepThreeProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const languageName = useLanguageName();
  const { enqueueSnackbar } = useSnackbar();
  const editor = useStorylineEditor(movieId);
  const saveSettings = useSavePublicationSettings();
  const status = useMovieStatus(movieId);
  const items = status.data ?? project.movieContent;
  const { plot } = editor;
  const published = project.status === 'published';
  const [readOnlyChosen, setReadOnlyChosen] = useState(false);
  const readOnly = published || readOnlyChosen;
  const languages = firstItemLanguages(plot, items);
  const [languageChosen, setLanguageChosen] = useState<number | null>(project.primaryLanguageId);
  const languageId =
    languageChosen !== null && languages.includes(languageChosen)
      ? languageChosen
      : (languages[0] ?? null);
  const blockers = storylineSaveBlockers(project, plot);

  /** The primary language is the player's first language: it is stored as soon as it is chosen. */
  const chooseLanguage = (id: number) => {
    const before = languageChosen;
    setLanguageChosen(id);
    // A published project only shows the storyline in the chosen language.
    if (published) return;
    saveSettings.mutate(
      { movieId, primaryLanguageId: id },
      {
        onSuccess: () => enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' }),
        onError: (failure) => {
          setLanguageChosen(before);
          enqueueSnackbar(messageText(failure.message), { variant: 'error' });
        },
      },
    );
  };
  // 'Save and Exit' leaves once the saved plot is rendered: leaving in the save's own tick would
  // meet the leave guard still holding the edits as unsaved.
  const [exitRequested, setExitRequested] = useState(false);
  useEffect(() => {
    if (exitRequested && !editor.unsaved) onExit?.();
  }, [exitRequested, editor.unsaved, onExit]);

  if (editor.loadError) {
    return <Alert severity="error">{messageText(editor.loadError.message)}</Alert>;
  }
  if (editor.loading) return <Skeleton variant="rounded" height={320} />;

  const savedLook = !editor.unsaved && editor.savedThisSession;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {t('projectWizard.stepThree.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('projectWizard.stepThree.intro')}
            </Typography>
          </Box>
          <TextField
            select
            size="small"
            label={t('projectWizard.stepThree.primaryLanguage')}
            value={languageId === null ? '' : String(languageId)}
            disabled={languages.length === 0 || saveSettings.isPending}
            onChange={(event) => chooseLanguage(Number(event.target.value))}
            sx={{ minWidth: 200 }}
          >
            {languages.map((id) => (
              <MenuItem key={id} value={String(id)}>
                {languageName(id)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={readOnly}
                disabled={published}
                onChange={(event) => setReadOnlyChosen(event.target.checked)}
              />
            }
            label={t('projectWizard.stepThree.readOnly')}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <PlayEveryPath
            plot={plot}
            variables={editor.variables}
            items={items}
            languageId={languageId}
          />
        </Stack>
      </Paper>

      {published && <PublishedAlert />}

      {editor.saveError && (
        <Alert
          severity={editor.conflict ? 'warning' : 'error'}
          action={
            editor.conflict ? (
              <Button color="inherit" size="small" onClick={editor.reload}>
                {t('projectWizard.stepThree.reload')}
              </Button>
            ) : undefined
          }
        >
          {editor.saveError}
        </Alert>
      )}

      <StorylineWorkspace
        editor={editor}
        items={items}
        languageId={languageId}
        readOnly={readOnly}
        published={published}
      />

      {blockers.length > 0 && plot.length > 0 && !readOnly && (
        <Alert severity="info">
          {blockers.map((blocker) => t(`projectWizard.stepThree.blockers.${blocker}`)).join(' ')}
        </Alert>
      )}

      <StepFooter
        backLabel={t('projectWizard.stepThree.back')}
        onBack={onBack}
        status={
          editor.unsaved || savedLook
            ? {
                saved: savedLook,
                label: t(
                  savedLook ? 'projectWizard.stepThree.saved' : 'projectWizard.stepThree.unsaved',
                ),
              }
            : null
        }
      >
        {!published && (
          <Button
            variant="outlined"
            startIcon={<SaveOutlined />}
            disabled={blockers.length > 0}
            loading={editor.saving}
            onClick={() =>
              void editor.save().then((stored) => {
                if (stored && fromDetail) setExitRequested(true);
              })
            }
          >
            {t(fromDetail ? 'projectWizard.stepThree.saveAndExit' : 'projectWizard.stepThree.save')}
          </Button>
        )}
        <Button
          variant="contained"
          endIcon={<ArrowForward sx={flipInRtl} />}
          // A published storyline cannot be saved: there is nothing to save before going on.
          disabled={!editor.savedThisSession && !published}
          onClick={onNext}
        >
          {t('projectWizard.stepThree.next')}
        </Button>
      </StepFooter>

      <LeaveGuardDialog unsaved={editor.unsaved} />
    </Stack>
  );
}
