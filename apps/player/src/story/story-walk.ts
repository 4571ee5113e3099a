import {
  applyEffects,
  nextStep,
  startValues,
  STORY_HISTORY_MAX,
  type StoryState,
  type StoryStep,
  type StoryVariable,
  type VariableValue,
} from '@plotline/core/story-logic';
import type { Story, StoryNode } from './story.ts';

/** A node of the viewing's path, as it is reached. */
export interface WalkEntry {
  node: StoryNode;
  /** The variables' values on reaching the node, its effects applied. */
  values: Record<string, VariableValue>;
  /** What happens when it has played: decided with those values, when it is reached. */
  step: StoryStep;
}

/**
 * Where a viewing is in the story (docs/PLOT.md, "Story logic"): the path so far, each node with
 * the values it was reached with and its step (core `nextStep`), and the nodes played before the
 * path began (a resumed viewing's history). The story player keeps it beside the engine's path,
 * entry for entry: what the walk enters, the engine plays next. Pure: no timer, no page.
 */
export class StoryWalk {
  readonly entries: WalkEntry[] = [];
  /** Nodes played before `entries[0]`, oldest first: a resumed state's history. */
  private earlier: number[] = [];

  constructor(
    private readonly story: Story,
    private readonly variables: readonly StoryVariable[],
  ) {}

  /**
   * Begins again: at the root, with the start values and the root's effects; or at a state's node
   * (a resume, a preview's start), whose values already count its effects.
   */
  begin(state: StoryState | null = null): WalkEntry {
    this.entries.length = 0;
    const node = state ? this.story.node(state.node_id) : this.story.root;
    if (!state || !node) {
      this.earlier = [];
      return this.enter(this.story.root, startValues(this.variables));
    }
    this.earlier = [...state.history];
    return this.push(node, { ...state.values });
  }

  get last(): WalkEntry {
    return this.entries.at(-1)!;
  }

  /** Whether the path began elsewhere than at the root (a resumed viewing). */
  get resumed(): boolean {
    return this.entries[0]?.node !== this.story.root || this.earlier.length > 0;
  }

  /** The node the last one continues at by itself (its link, only option or automatic branch), entered; null when it asks, ends or is stuck. */
  follow(): WalkEntry | null {
    const { step, values } = this.last;
    if (step.kind !== 'follow') return null;
    const next = this.story.node(step.next);
    return next ? this.enter(next, values) : null;
  }

  /** The option `id` of the last node's choice taken (by the viewer or its timer), entered; null when it is not one. */
  take(id: number): WalkEntry | null {
    const { step, values } = this.last;
    if (step.kind !== 'choose' || !step.options.includes(id)) return null;
    const next = this.story.node(id);
    return next ? this.enter(next, values) : null;
  }

  /** Back to `entries[index]` (going back to a choice): the nodes after it are forgotten. */
  truncate(index: number): void {
    this.entries.length = Math.min(this.entries.length, index + 1);
  }

  /** The viewing's state at `entries[index]`: what resume keeps. */
  stateAt(index: number): StoryState {
    const entry = this.entries[index]!;
    const history = [...this.earlier, ...this.entries.slice(0, index).map(({ node }) => node.id)];
    return {
      node_id: entry.node.id,
      values: { ...entry.values },
      history: history.slice(-STORY_HISTORY_MAX),
    };
  }

  private enter(node: StoryNode, before: Record<string, VariableValue>): WalkEntry {
    return this.push(node, applyEffects(node.effects, before));
  }

  private push(node: StoryNode, values: Record<string, VariableValue>): WalkEntry {
    const options = node.children.map(({ id, condition }) => ({ id, condition }));
    const entry = { node, values, step: nextStep(node, options, values) };
    this.entries.push(entry);
    return entry;
  }
}
