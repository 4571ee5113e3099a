import { z } from 'zod';
import { ANY_ORIGIN, EMBED_ORIGINS_MAX, normalizeOrigin } from './embed.ts';
import { formatMessage, MESSAGES } from './messages.ts';

/** An entry as a refusal names it: quoted, control characters escaped, a long one cut short. */
const entryName = (text: string) =>
  JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);

/**
 * Step 4's `embed_origins`: the sites that may frame the story, each normalised to its origin
 * (`HTTPS://Example.com:443/` → `https://example.com`, core `parseOrigin`) and kept once; `["*"]`
 * for any site. An entry that is not an origin is refused by name.
 */
export const embedOriginsSchema = z
  .array(
    z.string().transform((text, context) => {
      if (text.trim() === ANY_ORIGIN) return ANY_ORIGIN;
      const origin = normalizeOrigin(text);
      if (origin === null) {
        context.addIssue({
          code: 'custom',
          message: formatMessage(MESSAGES.embedOriginRefused, {
            origin: entryName(text),
            reason: MESSAGES.embedOriginFormat,
          }),
        });
        return z.NEVER;
      }
      return origin;
    }),
  )
  .max(EMBED_ORIGINS_MAX, MESSAGES.embedOriginsTooMany)
  .transform((origins, context) => {
    const unique = [...new Set(origins)];
    if (unique.includes(ANY_ORIGIN) && unique.length > 1) {
      context.addIssue({ code: 'custom', message: MESSAGES.embedAnyOriginAlone });
      return z.NEVER;
    }
    return unique;
  });

const dimension = z.coerce.number().int().min(1).max(10000).optional();

/** `GET /api/oembed`'s query (oEmbed 1.0 §2.2). */
export const oembedQuerySchema = z.object({
  url: z.string().min(1, MESSAGES.required),
  maxwidth: dimension,
  maxheight: dimension,
  format: z.string().optional(),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

/** oEmbed 1.0's answer for a `video` (§2.3.4, §2.3.4.4). */
export const oembedVideoSchema = z.object({
  type: z.literal('video'),
  version: z.literal('1.0'),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type OembedVideo = z.infer<typeof oembedVideoSchema>;
