import {
  STORY_HISTORY_MAX,
  STORY_VARIABLES_MAX,
  VARIABLE_NAME_PATTERN,
  type StoryState,
  type StoryVariable,
  type VariableValue,
} from '@plotline/core/story-logic';
import type { Story } from './story.ts';

/**
 * A viewing's state from outside the player (the device's storage, a resume link, a preview's
 * `?state=`), checked by hand: the player carries no zod. Answers null for anything else.
 */
export function parseStoryState(value: unknown): StoryState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { node_id, values, history } = value as Record<string, unknown>;
  const isId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) >= 1;
  if (!isId(node_id) || !Array.isArray(history) || !history.every(isId)) return null;
  if (history.length > STORY_HISTORY_MAX) return null;
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
  const entries = Object.entries(values as Record<string, unknown>);
  if (entries.length > STORY_VARIABLES_MAX) return null;
  for (const [name, held] of entries) {
    if (!VARIABLE_NAME_PATTERN.test(name)) return null;
    if (typeof held !== 'boolean' && !Number.isSafeInteger(held)) return null;
  }
  return { node_id, values: values as Record<string, VariableValue>, history: [...history] };
}

/**
 * The state, if it belongs to this story: its node and history are nodes of this plot and its
 * values name declared variables of their kind. A variable declared since it was saved starts at
 * its start value. Null when it does not fit (the story changed): the viewing starts afresh.
 */
export function fitState(
  value: unknown,
  story: Story,
  variables: readonly StoryVariable[],
): StoryState | null {
  const state = parseStoryState(value);
  if (!state || !story.node(state.node_id)) return null;
  if (!state.history.every((id) => story.node(id))) return null;
  const kinds = new Map(variables.map((variable) => [variable.name, variable]));
  const values: Record<string, VariableValue> = {};
  for (const [name, held] of Object.entries(state.values)) {
    const variable = kinds.get(name);
    if (!variable || typeof held !== typeof variable.start) return null;
    values[name] = held;
  }
  for (const variable of variables) values[variable.name] ??= variable.start;
  return { ...state, values };
}

/** Where the device keeps a published story's viewing: `plotline.resume.{slug}`. */
export const resumeKey = (slug: string) => `plotline.resume.${slug}`;

/**
 * The device's note of where a viewer is in one published story, written as each node starts and
 * removed at an ending; nothing personal, and it never leaves the device unless the viewer asks
 * for a link. Storage that refuses (private modes, full) leaves the viewing without resume.
 */
export class DeviceResume {
  constructor(
    private readonly storage: Storage | null,
    private readonly slug: string,
  ) {}

  /** The saved state, unchecked (`fitState` checks it against the story); null when none. */
  read(): unknown {
    try {
      const saved = JSON.parse(this.storage?.getItem(resumeKey(this.slug)) ?? 'null') as {
        state?: unknown;
      } | null;
      return saved?.state ?? null;
    } catch {
      return null;
    }
  }

  save(state: StoryState): void {
    try {
      this.storage?.setItem(
        resumeKey(this.slug),
        JSON.stringify({ state, saved_at: new Date().toISOString() }),
      );
    } catch {
      // Storage full or refused: this viewing will not resume.
    }
  }

  clear(): void {
    try {
      this.storage?.removeItem(resumeKey(this.slug));
    } catch {
      // As above.
    }
  }
}

/** The page's storage; null where the browser refuses it (some private modes, sandboxed frames). */
export function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
