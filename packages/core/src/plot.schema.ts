import { z } from 'zod';
import { boundedInt, idSchema } from './ids.schema.ts';
import { INT4_MAX } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { BANNER_COMPONENT_TYPES } from './plot.ts';
import {
  nodeLogicFields,
  nodeLogicSaveFields,
  storyVariablesSchema,
} from './story-logic.schema.ts';

/** The storyline's calls (§7): the plot as `GET` answers it and as each change sends it. */

/** §3/§7 wire shape of a banner entry as `POST /api/movie-plot` and `GET` carry it. */
export const plotBannerSchema = z.object({
  type: z.enum(BANNER_COMPONENT_TYPES, { error: MESSAGES.plotBannerType }),
  time_start: boundedInt(0),
});

/** A node's id in a save: a stored node's, or a new node's temporary negative one. */
const plotNodeRef = boundedInt(-INT4_MAX);

export const plotNodeSchema = z.object({
  movie_plot_id: plotNodeRef,
  movie_content_id: idSchema.nullable(),
  parent_id: plotNodeRef.nullable(),
  locked: z.enum(['1', '0']),
  duration: z.number(),
  banner: z.array(plotBannerSchema),
  ...nodeLogicFields,
});

/** `GET /api/movie-plot/{movieId}` and every plot change answer the storyline and its version. */
export const storylineSchema = z.object({
  data: z.array(plotNodeSchema),
  /** The project's story variables (`story-logic.ts`). */
  variables: storyVariablesSchema,
  version: z.number().int(),
});

/**
 * `POST /api/movie-plot`: the whole tree, made from `version`, and the variables when sent (left
 * out, the stored ones stay). A node's story logic fields may be left out: it then has none.
 */
export const plotSaveSchema = z
  .strictObject({
    movie_id: idSchema,
    version: boundedInt(0),
    variables: storyVariablesSchema.optional(),
    plots: z
      .array(
        plotNodeSchema
          .extend({
            /** Absent or negative for a new node; its children name a negative id as `parent_id`. */
            movie_plot_id: plotNodeRef.optional(),
            /** §3's node names its project: when sent, it must be the body's `movie_id`. */
            movie_id: idSchema.optional(),
            duration: z
              .number()
              .optional()
              .describe("Accepted and ignored: a node's duration is its clip's or bridge's."),
            changed: z
              .unknown()
              .optional()
              .describe("Accepted and ignored: the studio's mark of an unsaved node (§3)."),
            banner: z
              .array(plotBannerSchema.strict())
              .max(BANNER_COMPONENT_TYPES.length + 1)
              .default([]),
            ...nodeLogicSaveFields,
          })
          .strict(),
      )
      .max(5000),
  })
  .superRefine((save, context) => {
    save.plots.forEach((plot, index) => {
      if (plot.movie_id !== undefined && plot.movie_id !== save.movie_id) {
        context.addIssue({
          code: 'custom',
          path: ['plots', index, 'movie_id'],
          message: MESSAGES.plotOtherProject,
        });
      }
    });
  });

/** `PUT /api/movie-plot/lock` (§4: status true locks). */
export const plotLockSchema = z.strictObject({ movie_plot_id: idSchema, status: z.boolean() });

/** `POST /api/movie-plot/banner`: one node's banner components, in the spec's wire names. */
export const plotBannerSaveSchema = z.strictObject({
  movie_id: idSchema,
  movie_plot_id: idSchema,
  banner: z
    .array(
      z.strictObject({
        banner_type: z.enum(BANNER_COMPONENT_TYPES, { error: MESSAGES.plotBannerType }),
        banner_time_start: boundedInt(0),
      }),
    )
    .max(BANNER_COMPONENT_TYPES.length + 1),
});
