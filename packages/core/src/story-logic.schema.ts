import { z } from 'zod';
import { boundedInt } from './ids.schema.ts';
import { INT4_MAX } from './ids.ts';
import { MESSAGES } from './messages.ts';
import {
  BRANCH_MODES,
  COMPARISONS,
  CONDITION_CLAUSES_MAX,
  CONDITION_JOINS,
  DECISION_SECONDS_MAX,
  DECISION_SECONDS_MIN,
  EFFECT_OPS,
  NODE_EFFECTS_MAX,
  STORY_HISTORY_MAX,
  STORY_VARIABLES_MAX,
  VARIABLE_KINDS,
  VARIABLE_NAME_PATTERN,
  VARIABLE_NUMBER_LIMIT,
} from './story-logic.ts';

/**
 * Wire shapes of story logic (`story-logic.ts`): what a storyline save sends and a storyline or
 * the player's data answers, and the viewing state that resume keeps. Whether names refer to
 * declared variables of the right kind is the plot rules' business (`story-check.ts`), not the
 * shape's: it needs the whole storyline.
 */

export const variableNameSchema = z
  .string({ error: MESSAGES.variableName })
  .regex(VARIABLE_NAME_PATTERN, MESSAGES.variableName);

const numberValue = z
  .int({ error: MESSAGES.variableValue })
  .min(-VARIABLE_NUMBER_LIMIT, MESSAGES.variableValue)
  .max(VARIABLE_NUMBER_LIMIT, MESSAGES.variableValue);
export const variableValueSchema = z.union([numberValue, z.boolean()], {
  error: MESSAGES.variableValue,
});

export const storyVariableSchema = z
  .strictObject({
    name: variableNameSchema,
    kind: z.enum(VARIABLE_KINDS),
    start: variableValueSchema,
  })
  .refine((variable) => (variable.kind === 'flag') === (typeof variable.start === 'boolean'), {
    error: MESSAGES.variableKindMismatch,
    path: ['start'],
  });

/** A storyline's variables: at most 50, each name once. */
export const storyVariablesSchema = z
  .array(storyVariableSchema)
  .max(STORY_VARIABLES_MAX, `At most ${STORY_VARIABLES_MAX} variables`)
  .superRefine((variables, context) => {
    const seen = new Set<string>();
    variables.forEach((variable, index) => {
      if (seen.has(variable.name)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: MESSAGES.variableDuplicate,
        });
      }
      seen.add(variable.name);
    });
  });

export const conditionSchema = z.strictObject({
  join: z.enum(CONDITION_JOINS),
  clauses: z
    .array(
      z.strictObject({
        variable: variableNameSchema,
        op: z.enum(COMPARISONS),
        value: variableValueSchema,
      }),
    )
    .min(1)
    .max(CONDITION_CLAUSES_MAX),
});

export const variableEffectSchema = z.strictObject({
  variable: variableNameSchema,
  op: z.enum(EFFECT_OPS),
  value: variableValueSchema,
});

/** A node named by another (default option, link): a stored id, or a new node's negative one. */
const nodeRef = boundedInt(-INT4_MAX);

/** A plot node's story logic fields as GET answers them. */
export const nodeLogicFields = {
  condition: conditionSchema.nullable(),
  effects: z.array(variableEffectSchema).max(NODE_EFFECTS_MAX),
  branch: z.enum(BRANCH_MODES),
  decision_seconds: boundedInt(DECISION_SECONDS_MIN, DECISION_SECONDS_MAX).nullable(),
  default_option_id: nodeRef.nullable(),
  goto_id: nodeRef.nullable(),
};

/** The same fields in a save: each may be left out, and then the node has none (NO_NODE_LOGIC). */
export const nodeLogicSaveFields = {
  condition: nodeLogicFields.condition.default(null),
  effects: nodeLogicFields.effects.default([]),
  branch: nodeLogicFields.branch.default('choice'),
  decision_seconds: nodeLogicFields.decision_seconds.default(null),
  default_option_id: nodeLogicFields.default_option_id.default(null),
  goto_id: nodeLogicFields.goto_id.default(null),
};

/**
 * A viewing's state (core `StoryState`): kept by the device for resume, behind a resume token
 * by the server (which does not read it), and handed to a preview to start from.
 */
export const storyStateSchema = z.strictObject({
  node_id: z.int().min(1).max(INT4_MAX),
  values: z
    .record(variableNameSchema, variableValueSchema)
    .refine((values) => Object.keys(values).length <= STORY_VARIABLES_MAX),
  history: z.array(z.int().min(1).max(INT4_MAX)).max(STORY_HISTORY_MAX),
});
