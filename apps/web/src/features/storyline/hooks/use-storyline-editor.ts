import type { PlotEdit, PlotNode, StoryVariable } from '@plotline/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { storylineKey, useStoryline } from '../../../api/storyline.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useLockPlot } from '../api/lock-plot.ts';
import { useSaveStoryline } from '../api/save-storyline.ts';
import { loadPlotGraph } from '../components/storyline-graph.tsx';
import type { Story, StoryEdit } from '../model/story-variables.ts';
import { plotChanged, variablesChanged } from '../model/storyline.ts';

interface Draft {
  plot: PlotNode[];
  /** The project's variables: part of the draft, saved with the plot. */
  variables: StoryVariable[];
  /** The stored version the draft was made from; the save names it. */
  version: number;
}

export interface StorylineEditor {
  loading: boolean;
  loadError: Error | null;
  plot: PlotNode[];
  /** The project's story variables, as edited. */
  variables: StoryVariable[];
  /** The edited plot or variables differ from the stored ones. */
  unsaved: boolean;
  /** A save succeeded since the step was opened (§2: Next waits for one). */
  savedThisSession: boolean;
  saving: boolean;
  locking: boolean;
  /** The server's message when the last save was refused; the edits stay. */
  saveError: string | null;
  /** The refusal was a conflict: someone else saved since the plot was loaded. */
  conflict: boolean;
  /** Applies a core operation; a refused one shows its reason and changes nothing. */
  edit: (operation: (plot: PlotNode[]) => PlotEdit) => void;
  /** Applies an operation on the plot and its variables together (a variable's rename). */
  editStory: (operation: (story: Story) => StoryEdit) => void;
  /** Stores the draft; answers whether it was stored. */
  save: () => Promise<boolean>;
  /** Locks or unlocks a stored plot on the server (§4); only while nothing is unsaved. */
  lock: (id: number, locked: boolean) => void;
  /** Drops the edits and loads the stored storyline again. */
  reload: () => void;
}

/**
 * The storyline being edited: the stored plot and its version from the server, the user's draft
 * over it. Every change is a pure operation on the plot (core's, or the storyline model's) applied
 * to the draft; Save sends the whole draft with the version it was made from, so a stale save is
 * refused instead of overwriting.
 */
export function useStorylineEditor(movieId: number): StorylineEditor {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const messageText = useMessageText();
  const stored = useStoryline(movieId);
  // The graph's code (React Flow, the tree layout) is asked for beside the storyline, not after it.
  useEffect(() => void loadPlotGraph(), []);
  const saveCall = useSaveStoryline();
  const lockCall = useLockPlot();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [savedThisSession, setSavedThisSession] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; conflict: boolean } | null>(null);

  const storedPlot = stored.data?.data;
  const storedVariables = stored.data?.variables;
  const plot = draft?.plot ?? storedPlot ?? [];
  const variables = draft?.variables ?? storedVariables ?? [];
  const version = draft?.version ?? stored.data?.version ?? 0;
  const unsaved =
    draft !== null &&
    (plotChanged(storedPlot ?? [], draft.plot) ||
      variablesChanged(storedVariables ?? [], draft.variables));

  const edit = (operation: (current: PlotNode[]) => PlotEdit) => {
    const result = operation(plot);
    if (result.ok) setDraft({ plot: result.plot, variables, version });
    else enqueueSnackbar(messageText(result.message), { variant: 'error' });
  };

  const editStory = (operation: (story: Story) => StoryEdit) => {
    const result = operation({ plot, variables });
    if (result.ok) setDraft({ plot: result.plot, variables: result.variables, version });
    else enqueueSnackbar(messageText(result.message), { variant: 'error' });
  };

  const save = async () => {
    setSaveError(null);
    try {
      await saveCall.mutateAsync({ movieId, version, plot, variables });
      setDraft(null);
      setSavedThisSession(true);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setSaveError({
        message: messageText(message),
        conflict: error instanceof ApiError && error.status === 409,
      });
      return false;
    }
  };

  const lock = (id: number, locked: boolean) => {
    lockCall.mutate(
      { movieId, id, locked },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => enqueueSnackbar(messageText(error.message), { variant: 'error' }),
      },
    );
  };

  const reload = () => {
    setDraft(null);
    setSaveError(null);
    void queryClient.invalidateQueries({ queryKey: storylineKey(movieId) });
  };

  return {
    loading: stored.isPending,
    loadError: stored.error,
    plot,
    variables,
    unsaved,
    savedThisSession,
    saving: saveCall.isPending,
    locking: lockCall.isPending,
    saveError: saveError?.message ?? null,
    conflict: saveError?.conflict ?? false,
    edit,
    editStory,
    save,
    lock,
    reload,
  };
}
