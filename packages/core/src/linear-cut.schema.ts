import { z } from 'zod';
import { idSchema } from './ids.schema.ts';
import { LINEAR_CUT_PATH_MAX, LINEAR_CUT_STATUSES } from './linear-cut.ts';
import { isLanguageId } from './media.ts';
import { MESSAGES } from './messages.ts';

/** `POST /api/movie/{movieId}/linear-cuts`: the picks in order and the subtitles' language. */
export const linearCutRequestSchema = z.strictObject({
  choices: z
    .array(idSchema)
    .max(LINEAR_CUT_PATH_MAX)
    .describe('The option node picked at each choice of the path, in order'),
  language_id: idSchema
    .refine(isLanguageId, MESSAGES.unknownLanguage)
    .nullable()
    .describe("The subtitles' language, as a subtitle track of the file; null for none"),
});

export const linearCutSchema = z.object({
  id: z.int(),
  status: z.enum(LINEAR_CUT_STATUSES),
  progress: z.number().min(0).max(1),
  path: z.array(z.int()).describe('The node ids played, the root first'),
  language_id: z.int().nullable(),
  created_at: z.string(),
  error: z.string().nullable(),
});
