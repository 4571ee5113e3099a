import { formatMessage } from './messages.ts';
import type { ViewMode } from './media.ts';
import type { PlotNode } from './plot.ts';
import { walkStory, type ChoiceStep } from './story-check.ts';
import type { StoryVariable } from './story-logic.ts';

/**
 * A linear cut: one MP4 of one path through a story (for trailers, reviews and archives), made
 * from the path's sequence of choices. The path follows the player's own step rule (`walkStory`):
 * each choice consumes the next pick, while automatic branches, links and single shown options
 * follow by themselves. The server renders the path's items as a job; the studio picks the path
 * with the same walk, so what it shows is what the server renders.
 */

export const LINEAR_CUT_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const;
export type LinearCutStatus = (typeof LINEAR_CUT_STATUSES)[number];

/** The most nodes a cut plays: a loop of links cannot make an endless file. */
export const LINEAR_CUT_PATH_MAX = 200;

/** The picture of a cut, by the project's view mode: the 720p rung of the HLS ladder. */
export const LINEAR_CUT_FRAME: Readonly<Record<ViewMode, { width: number; height: number }>> = {
  vertical: { width: 720, height: 1280 },
  horizontal: { width: 1280, height: 720 },
};
/** Every part is brought to this rate, so the parts join without a jump in timing. */
export const LINEAR_CUT_FRAME_RATE = 30;

/** The request: the option node picked at each choice, in order, and the subtitles' language. */
export interface LinearCutRequest {
  choices: number[];
  language_id: number | null;
}

/** A cut as the API answers it. */
export interface LinearCut {
  id: number;
  status: LinearCutStatus;
  /** From 0 to 1. */
  progress: number;
  /** The node ids played, the root first. */
  path: number[];
  language_id: number | null;
  created_at: string;
  /** Why a failed render failed, in short; null otherwise. */
  error: string | null;
}

export const LINEAR_CUT_MESSAGES = {
  noStoryline: 'This project has no storyline to cut yet.',
  notOffered: 'Option {option} is not offered at node {node}: choose one of {options}.',
  chooseAt: 'Choose an option at node {node}: the path needs a choice there ({options}).',
  extraChoices: 'The story ends at node {node} before choice {index}: remove the choices after it.',
  tooLong: 'The path is longer than {max} nodes: a cut must reach an ending sooner.',
  noMedia: 'Node {node} has no clip or bridge yet: every node of the path needs one.',
  notReady: 'Every clip and bridge of the path must be transcoded first: "{name}" is not ready.',
  noSubtitles: 'No clip or bridge of this path has subtitles in this language.',
  tooMany: 'This project has {max} linear cuts under way: wait for one to finish.',
  notFound: 'Linear cut not found',
  notReadyToDownload: 'This linear cut is not ready to download.',
} as const;

/**
 * Where walking a story with some picks leads:
 * - `end`: an ending (or a dead end, which the player treats as one) after every pick was used;
 * - `choose`: the picks ran out at a choice, `at`, offering `options`;
 * - `refused`: a pick is not offered where it was used, or a pick is left over at the end, or
 *   the path grew past `LINEAR_CUT_PATH_MAX`; `message` says which in the API's words.
 * `path` is the nodes played up to there, the root first.
 */
export type PickedWalk =
  | { kind: 'end'; path: number[] }
  | { kind: 'choose'; path: number[]; at: number; options: number[] }
  | { kind: 'refused'; path: number[]; message: string };

/** Thrown inside `walkStory`'s pick to stop the walk where the picks say so. */
class WalkStop {
  constructor(readonly result: PickedWalk) {}
}

/** The path `choices` take through a story (see `PickedWalk`). */
export function walkWithPicks(
  nodes: readonly PlotNode[],
  variables: readonly StoryVariable[],
  choices: readonly number[],
): PickedWalk {
  let used = 0;
  const pick = (step: ChoiceStep, at: number, where: { history: readonly number[] }) => {
    const path = [...where.history, at];
    const options = step.options.join(', ');
    if (used >= choices.length)
      throw new WalkStop({ kind: 'choose', path, at, options: step.options });
    const picked = choices[used]!;
    used += 1;
    if (!step.options.includes(picked)) {
      const message = formatMessage(LINEAR_CUT_MESSAGES.notOffered, {
        option: picked,
        node: at,
        options,
      });
      throw new WalkStop({ kind: 'refused', path, message });
    }
    return picked;
  };
  try {
    const walk = walkStory(nodes, variables, pick, LINEAR_CUT_PATH_MAX - 1);
    if (walk.end === 'max-steps') {
      const message = formatMessage(LINEAR_CUT_MESSAGES.tooLong, { max: LINEAR_CUT_PATH_MAX });
      return { kind: 'refused', path: walk.path, message };
    }
    if (used < choices.length) {
      const message = formatMessage(LINEAR_CUT_MESSAGES.extraChoices, {
        node: walk.path.at(-1) ?? 0,
        index: used + 1,
      });
      return { kind: 'refused', path: walk.path, message };
    }
    return { kind: 'end', path: walk.path };
  } catch (error) {
    if (error instanceof WalkStop) return error.result;
    throw error;
  }
}

/**
 * The path of a cut request, or the message refusing it (a 400): the picks must lead to an ending,
 * each offered where it is used, none left over.
 */
export function linearCutPath(
  nodes: readonly PlotNode[],
  variables: readonly StoryVariable[],
  choices: readonly number[],
): { path: number[] } | { refused: string } {
  if (nodes.length === 0) return { refused: LINEAR_CUT_MESSAGES.noStoryline };
  const walk = walkWithPicks(nodes, variables, choices);
  switch (walk.kind) {
    case 'end':
      return { path: walk.path };
    case 'refused':
      return { refused: walk.message };
    case 'choose':
      return {
        refused: formatMessage(LINEAR_CUT_MESSAGES.chooseAt, {
          node: walk.at,
          options: walk.options.join(', '),
        }),
      };
  }
}
