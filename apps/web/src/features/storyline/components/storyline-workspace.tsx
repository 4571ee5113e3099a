import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  addBannerComponent,
  addChild,
  addSibling,
  isInLockedSubtree,
  removeSubtree,
  setBannerTime,
  setBannerType,
  setContent,
  setLock,
  setNodeLogic,
  startPlot,
  type MovieContentStatus,
  type PlotEdit,
  type PlotNode,
} from '@plotline/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { usePlotNames } from '../hooks/use-plot-names.ts';
import type { StorylineEditor } from '../hooks/use-storyline-editor.ts';
import { continueTargets } from '../model/node-logic.ts';
import { addedPlotId, endBranch } from '../model/plot-edits.ts';
import { plotItemsOf } from '../model/storyline.ts';
import { ContinueAtDialog } from './continue-at-dialog.tsx';
import { PlotBuilder, type PlotBuilderActions } from './plot-builder.tsx';
import { StoryCheckPanel } from './story-check-panel.tsx';
import { StoryVariablesPanel } from './story-variables-panel.tsx';
import { StorylineGraph } from './storyline-graph.tsx';

export interface StorylineWorkspaceProps {
  editor: Pick<
    StorylineEditor,
    'plot' | 'variables' | 'unsaved' | 'locking' | 'edit' | 'editStory' | 'lock'
  >;
  /** The project's clips and bridges, which the plots are made of. */
  items: readonly MovieContentStatus[];
  /** The language whose captions name the items. */
  languageId: number | null;
  readOnly: boolean;
  /** A published storyline keeps its locks as they are. */
  published: boolean;
}

/** What waits for the user's Ok: deleting a plot, or ending a clip's branch. */
type Pending = { action: 'delete' | 'end'; id: number } | null;

/**
 * The storyline being edited, as the plot builder and the graph side by side: both show the same
 * selected plot, whose story logic is edited in its card. The story variables sit above the
 * builder, the story check beside it, under the graph; its problems select their plot. Every
 * change the user makes is an operation of the model on the editor's draft; deleting a plot and
 * ending a branch wait for the user's Ok.
 */
export function StorylineWorkspace({
  editor,
  items,
  languageId,
  readOnly,
  published,
}: StorylineWorkspaceProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const plotItems = useMemo(() => plotItemsOf(items), [items]);
  const { plot, variables } = editor;
  const plotName = usePlotNames(plot, items, languageId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [linking, setLinking] = useState<number | null>(null);
  const linkingNode = plot.find((node) => node.movie_plot_id === linking) ?? null;

  const edit = (operation: (nodes: PlotNode[]) => PlotEdit, select?: 'new') =>
    editor.edit((nodes) => {
      const result = operation(nodes);
      if (result.ok && select === 'new') {
        const added = addedPlotId(nodes, result.plot);
        if (added !== null) setSelectedId(added);
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
    onLogic: (id, patch) => edit((nodes) => setNodeLogic(nodes, id, patch)),
    onContinueAt: setLinking,
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
    edit((nodes) => (action === 'delete' ? removeSubtree(nodes, id) : endBranch(nodes, id)));
  };

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        }}
      >
        {plot.length > 0 && (
          <Stack
            spacing={2}
            sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, order: { lg: 2 }, minWidth: 0 }}
          >
            <StorylineGraph
              plot={plot}
              items={items}
              languageId={languageId}
              selectedId={selectedId}
              onSelect={setSelectedId}
            />
            <StoryCheckPanel
              plot={plot}
              items={plotItems}
              variables={variables}
              plotName={plotName}
              onSelect={setSelectedId}
            />
          </Stack>
        )}
        <Stack spacing={2} sx={{ gridColumn: plot.length > 0 ? undefined : '1 / -1', minWidth: 0 }}>
          {plot.length > 0 && (
            <StoryVariablesPanel
              variables={variables}
              plot={plot}
              readOnly={readOnly}
              plotName={plotName}
              onEdit={editor.editStory}
              onSelectPlot={setSelectedId}
            />
          )}
          <PlotBuilder
            plot={plot}
            items={items}
            languageId={languageId}
            variables={variables}
            plotName={plotName}
            readOnly={readOnly}
            lockBlocked={lockBlocked}
            selectedId={selectedId}
            actions={actions}
          />
        </Stack>
      </Box>
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
      <ContinueAtDialog
        node={linkingNode}
        targets={linking === null ? [] : continueTargets(plot, linking)}
        plotName={plotName}
        onCancel={() => setLinking(null)}
        onConfirm={(target) => {
          const id = linking;
          setLinking(null);
          if (id !== null) edit((nodes) => setNodeLogic(nodes, id, { goto_id: target }));
        }}
      />
    </>
  );
}
