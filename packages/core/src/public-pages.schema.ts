import { z } from 'zod';
import { listQuerySchema, pageSchema } from './paging.schema.ts';
import { NEWS_SIGNUP_EMAIL_MAX, NEWS_SIGNUP_SORTABLE } from './public-pages.ts';
import { LANGUAGES } from './ui.ts';
import { emailSchema } from './validation.schema.ts';

/** GET /api/public/terms: the operator's terms as Markdown, and when the file last changed. */
export const termsSchema = z.object({
  markdown: z.string(),
  updated_at: z.string().describe('When the terms file last changed (ISO 8601)'),
});
export type Terms = z.infer<typeof termsSchema>;

/** POST /api/public/news-signup: an address left on the coming-soon page. */
export const newsSignupSchema = z.strictObject({
  email: emailSchema.max(NEWS_SIGNUP_EMAIL_MAX, {
    error: `At most ${NEWS_SIGNUP_EMAIL_MAX} characters`,
  }),
  language: z
    .enum(LANGUAGES, { error: `Use one of ${LANGUAGES.join(', ')}` })
    .describe('The studio language the page was read in'),
});
export type NewsSignup = z.infer<typeof newsSignupSchema>;

/** The same answer whether the address was new or already on the list. */
export const newsSignupReplySchema = z.object({
  email: z.string().describe('The address as stored: lower-cased'),
});

export const newsSignupRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  created_at: z.string(),
});
export type NewsSignupRow = z.infer<typeof newsSignupRowSchema>;

export const newsSignupListQuerySchema = listQuerySchema(NEWS_SIGNUP_SORTABLE);
export type NewsSignupListQuery = z.infer<typeof newsSignupListQuerySchema>;
export const newsSignupPageSchema = pageSchema(newsSignupRowSchema);
