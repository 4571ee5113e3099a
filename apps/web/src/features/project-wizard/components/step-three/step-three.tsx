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
import {
  addBannerComponent,
  addChild,
  addSibling,
  childrenOf,
  isInLockedSubtree,
  MESSAGES,
  removeSubtree,
  setBannerTime,
  setBannerType,
  setContent,
  setLock,
  startPlot,
  storylineSaveBlockers,
  type PlotEdit,
  type PlotNode,
  type Project,
} from '@plotline/core';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useMessageText } from '../../../../lib/use-message-text.ts';
import { useMovieStatus } from '../../api/movie-status.ts';
import { useSavePublicationSettings } from '../../api/save-publication-settings.ts';
import { useLanguageName } from '../../../../lib/use-language-name.ts';
import { firstItemLanguages, plotItemsOf } from '../../model/storyline.ts';
import { LeaveGuardDialog } from '../leave-guard-dialog.tsx';
import { PlotBuilder, type PlotBuilderActions } from './plot-builder.tsx';
import { useStorylineEditor } from './use-storyline-editor.ts';
import { flipInRtl } from '../../../../lib/flip-in-rtl.ts';
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

// React Flow and the tree layout load only when a storyline is opened, not with the rest of the
// wizard; the step starts fetching them at once, beside the storyline, rather than after it.
const loadPlotGraph = () => import('../../../../components/plot-graph/plot-graph.tsx');
const PlotGraph = lazy(() => loadPlotGraph().then((module) => ({ default: module.PlotGraph })));

/** What waits for the user's Ok: deleting a plot, or ending a clip's branch. */
type Pending = { action: 'delete' | 'end'; id: number } | null;

/**
 * Step 3 of the project wizard (spec §2): the storyline. The plot builder and the graph show one
 * plot; every change is an operation of core on the draft, and Save stores the whole tree. Next is
 * offered once a save has succeeded on this visit.
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
  useEffect(() => void loadPlotGraph(), []);
  const saveSettings = useSavePublicationSettings();
  const status = useMovieStatus(movieId);
  const items = status.data ?? project.movieContent;
  const plotItems = useMemo(() => plotItemsOf(items), [items]);
  const { plot } = editor;
  const published = project.status === 'published';
  const [readOnlyChosen, setReadOnlyChosen] = useState(false);
  const readOnly = published || readOnlyChosen;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
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

  const edit = (operation: (nodes: PlotNode[]) => PlotEdit, select?: 'new') =>
    editor.edit((nodes) => {
      const result = operation(nodes);
      if (result.ok && select === 'new') {
        const added = result.plot.find(
          (node) => !nodes.some((old) => old.movie_plot_id === node.movie_plot_id),
        );
        if (added) setSelectedId(added.movie_plot_id);
      }
      return result;
    });

  const actions: PlotBuilderActions = {
    onStart: () => edit(startPlot, 'new'),
    onSelect: setSelectedId,
    onChoose: (id, item) => {
      const plotItem = plotItems.find((entry) => entry.movie_content_id === item.movie_content_id);
      if (plotItem) edit((nodes) => setContent(nodes, id, plotItem));
    },
    onAddChild: (id) => edit((nodes) => addChild(nodes, id), 'new'),
    onAddSibling: (id) => edit((nodes) => addSibling(nodes, id), 'new'),
    onEndClip: (id) => setPending({ action: 'end', id }),
    onDelete: (id) => setPending({ action: 'delete', id }),
    onLock: (id, locked) => {
      // A plot not stored yet is locked in the draft; a stored one on the server (§4).
      if (id < 0) edit((nodes) => setLock(nodes, id, locked));
      else editor.lock(id, locked);
    },
    onAddBanner: (id, type) => edit((nodes) => addBannerComponent(nodes, id, type, plotItems)),
    onBannerTime: (id, index, mmSs) => {
      const result = setBannerTime(plot, id, index, mmSs, plotItems);
      if (!result.ok) return messageText(result.message);
      editor.edit(() => result);
      return null;
    },
    onBannerType: (id, index, type) =>
      edit((nodes) => setBannerType(nodes, id, index, type, plotItems)),
  };

  const lockBlocked = (node: PlotNode): string | null => {
    if (published) return t('projectWizard.stepThree.publishedLock');
    if (node.parent_id !== null && isInLockedSubtree(plot, node.parent_id)) {
      return t('projectWizard.stepThree.lockedAbove');
    }
    if (node.movie_plot_id > 0 && editor.unsaved) return t('projectWizard.stepThree.saveFirst');
    if (editor.locking) return t('projectWizard.stepThree.busy');
    return null;
  };

  const confirmPending = () => {
    if (!pending) return;
    const { action, id } = pending;
    setPending(null);
    if (action === 'delete') {
      edit((nodes) => removeSubtree(nodes, id));
      return;
    }
    edit((nodes) => {
      let result: PlotEdit = { ok: true, plot: nodes };
      for (const child of childrenOf(nodes).get(id) ?? []) {
        if (!result.ok) break;
        result = removeSubtree(result.plot, child.movie_plot_id);
      }
      return result;
    });
  };

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

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        }}
      >
        {plot.length > 0 && (
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, order: { lg: 2 } }}>
            <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
              <PlotGraph
                plot={plot}
                items={items}
                languageId={languageId}
                selectedId={selectedId}
                onSelect={setSelectedId}
              />
            </Suspense>
          </Box>
        )}
        <Box sx={{ gridColumn: plot.length > 0 ? undefined : '1 / -1' }}>
          <PlotBuilder
            plot={plot}
            items={items}
            languageId={languageId}
            readOnly={readOnly}
            lockBlocked={lockBlocked}
            selectedId={selectedId}
            actions={actions}
          />
        </Box>
      </Box>

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

      <ConfirmDialog
        open={pending !== null}
        title={t(
          pending?.action === 'end'
            ? 'projectWizard.stepThree.endTitle'
            : 'projectWizard.stepThree.deleteTitle',
        )}
        message={t('projectWizard.stepThree.confirm')}
        onCancel={() => setPending(null)}
        onConfirm={confirmPending}
      />
      <LeaveGuardDialog unsaved={editor.unsaved} />
    </Stack>
  );
}
