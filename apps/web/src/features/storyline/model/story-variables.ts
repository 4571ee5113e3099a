import {
  formatMessage,
  isInLockedSubtree,
  MESSAGES,
  renameVariable,
  VARIABLE_NAME_PATTERN,
  VARIABLE_NUMBER_LIMIT,
  variableUses,
  type PlotNode,
  type StoryVariable,
  type VariableKind,
  type VariableValue,
} from '@plotline/core';

/**
 * The project's story variables as the editor changes them: pure operations over the plot and its
 * variables together (a rename reaches every condition and effect), each answering the new story
 * or core's message of why not.
 */

export interface Story {
  plot: PlotNode[];
  variables: StoryVariable[];
}

export type StoryEdit = ({ ok: true } & Story) | { ok: false; message: string };

const refuse = (message: string): StoryEdit => ({ ok: false, message });

/** Why `name` cannot name a variable (core's rule, then uniqueness), or null when it can. */
export function variableNameProblem(
  name: string,
  variables: readonly StoryVariable[],
  /** The variable being renamed keeps its own name without a duplicate. */
  current?: string,
): string | null {
  if (!VARIABLE_NAME_PATTERN.test(name)) return MESSAGES.variableName;
  if (name !== current && variables.some((variable) => variable.name === name)) {
    return MESSAGES.variableDuplicate;
  }
  return null;
}

/** A typed whole number within core's bound, or null for anything else (empty, "-", 1.5). */
export function parseWholeNumber(text: string): number | null {
  if (!/^\s*-?\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return Math.abs(value) <= VARIABLE_NUMBER_LIMIT ? value : null;
}

/** What a new variable of a kind starts at. */
export const startOfKind = (kind: VariableKind): VariableValue => (kind === 'flag' ? false : 0);

export function addVariable(story: Story, variable: StoryVariable): StoryEdit {
  const problem = variableNameProblem(variable.name, story.variables);
  if (problem) return refuse(problem);
  if ((variable.kind === 'flag') !== (typeof variable.start === 'boolean')) {
    return refuse(MESSAGES.variableKindMismatch);
  }
  return { ok: true, plot: story.plot, variables: [...story.variables, { ...variable }] };
}

/**
 * Renames a variable and every use of it. Refused when a use sits in a locked plot: a locked plot
 * is not changed, and a story whose uses kept the old name would name an unknown variable.
 */
export function renameStoryVariable(story: Story, from: string, to: string): StoryEdit {
  if (from === to) return { ok: true, ...story };
  const problem = variableNameProblem(to, story.variables, from);
  if (problem) return refuse(problem);
  if (variableUses(story.plot, from).some((id) => isInLockedSubtree(story.plot, id))) {
    return refuse(MESSAGES.plotLocked);
  }
  return {
    ok: true,
    plot: renameVariable(story.plot, from, to),
    variables: story.variables.map((variable) =>
      variable.name === from ? { ...variable, name: to } : variable,
    ),
  };
}

export function setVariableStart(story: Story, name: string, start: VariableValue): StoryEdit {
  const variable = story.variables.find((candidate) => candidate.name === name);
  if (!variable) return refuse(formatMessage(MESSAGES.variableUnknown, { variable: name }));
  if ((variable.kind === 'flag') !== (typeof start === 'boolean')) {
    return refuse(MESSAGES.variableKindMismatch);
  }
  if (typeof start === 'number' && parseWholeNumber(String(start)) === null) {
    return refuse(MESSAGES.variableValue);
  }
  return {
    ok: true,
    plot: story.plot,
    variables: story.variables.map((candidate) =>
      candidate.name === name ? { ...candidate, start } : candidate,
    ),
  };
}

/** A variable's deletion, or the plots that still use it (the editor offers to select them). */
export type VariableRemoval = ({ ok: true } & Story) | { ok: false; uses: number[] };

/** Deletes a variable that no plot uses. */
export function removeVariable(story: Story, name: string): VariableRemoval {
  const uses = variableUses(story.plot, name);
  if (uses.length > 0) return { ok: false, uses };
  return {
    ok: true,
    plot: story.plot,
    variables: story.variables.filter((variable) => variable.name !== name),
  };
}
