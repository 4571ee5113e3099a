import { z } from 'zod';
import { activityRowSchema } from './activity.schema.ts';
import { FIGURES_RANGE_BACKWARDS } from './figures.ts';

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/**
 * `GET /api/movie/{movieId}/figures`: a date range of whole UTC days, both ends included; without
 * one, the last 30 days up to today.
 */
export const figuresQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: FIGURES_RANGE_BACKWARDS,
    path: ['from'],
  });
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

export const dayCountSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  views: z.number().int(),
  completions: z.number().int(),
});
export type DayCount = z.infer<typeof dayCountSchema>;

/**
 * How the viewers of a project did, counted from its player's events: a view is a viewing (one
 * player session that started), a completion a viewing that reached an ending, the average watch
 * time the seconds played per view. Each choice node lists every one of its options, chosen or
 * not, with how many viewings took it.
 */
export const projectFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  views: z.number().int(),
  completions: z.number().int(),
  average_watch_seconds: z.number(),
  /** Every day of the range, in order, zero when nobody watched. */
  days: z.array(dayCountSchema),
  choices: z.array(
    z.object({
      node_id: z.number().int(),
      total: z.number().int(),
      /** How many of `total` the timer took (its default option); 0 for an untimed choice. */
      defaults: z.number().int(),
      /** How many of `total` the page embedding the player took (its `choose` call). */
      by_host: z.number().int(),
      options: z.array(z.object({ option_id: z.number().int(), count: z.number().int() })),
    }),
  ),
  /**
   * Every node of the plot, in reading order: how many viewings reached it, and how many left
   * there (reached it last and saw no ending).
   */
  nodes: z.array(
    z.object({
      node_id: z.number().int(),
      reached: z.number().int(),
      left: z.number().int(),
    }),
  ),
});
export type ProjectFigures = z.infer<typeof projectFiguresSchema>;

/**
 * `GET /api/dashboard`: what the signed-in user's rights let them see; a part they may not see is
 * null. Project parts are the caller's company's (canSeeProject); `companies` needs
 * canSeeCompanyList; `recent_activity` is the company's project work (canSeeProject), or every
 * company's for canSeeActivityLog.
 */
export const dashboardSchema = z.object({
  projects: z
    .object({ total: z.number().int(), published: z.number().int(), drafts: z.number().int() })
    .nullable(),
  /** The last 30 days up to today, every day in order. */
  views: z
    .object({
      views: z.number().int(),
      completions: z.number().int(),
      days: z.array(dayCountSchema),
    })
    .nullable(),
  companies: z.object({ total: z.number().int(), active: z.number().int() }).nullable(),
  recent_activity: z.array(activityRowSchema).nullable(),
  /** The company's draft changed last, to continue it (canAddProject). */
  last_draft: z
    .object({ movieId: z.number().int(), title: z.string(), updated_at: z.string() })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
