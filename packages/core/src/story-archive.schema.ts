import { z } from 'zod';
import { boundedInt } from './ids.schema.ts';
import { BANNER_KINDS, CONTENT_LANGUAGES, VIEW_MODES } from './media.ts';
import { BANNER_COMPONENT_TYPES } from './plot.ts';
import { bannerSettingsFields } from './projects.schema.ts';
import { BANNER_BUTTON_TEXT_MAX_LENGTH, CAPTION_MAX_LENGTH } from './projects.ts';
import {
  ARCHIVE_FILE_PATTERN,
  ARCHIVE_ID_PATTERN,
  ARCHIVE_LIMITS,
  STORY_ARCHIVE_FORMAT,
  STORY_ARCHIVE_VERSION,
} from './story-archive.ts';
import { nodeLogicFields, storyVariablesSchema } from './story-logic.schema.ts';
import { BRANCH_MODES } from './story-logic.ts';

/**
 * The shape of a story archive's story.json (`story-archive.ts`, docs/story-archive.md). The
 * export writes it, the import reads it, and docs/plotline-story-1.schema.json is generated from
 * it (`storyArchiveJsonSchema`), so the three never drift apart. Objects are strict: a field this
 * version does not know is refused rather than dropped, so nothing of a story is lost unseen.
 */

const archiveId = z
  .string()
  .regex(ARCHIVE_ID_PATTERN, 'An id of letters, digits, _ and -, at most 64')
  .describe('An id local to the archive (not a database id).');

const archiveFile = z
  .string()
  .regex(ARCHIVE_FILE_PATTERN, 'A file in media/, subtitles/ or images/, with a plain name')
  .describe("A file of the archive: a plain name in one of its folders, never '../' or absolute.");

const languageCode = z
  .enum(CONTENT_LANGUAGES.map((language) => language.code) as [string, ...string[]])
  .describe('A language code (ISO 639-1) among the languages Plotline offers.');

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour such as #6a1b9a');

export const archiveInfoSchema = z.strictObject({
  type: z
    .enum(['single', 'episode'])
    .describe(
      "The project's kind where it was made. An episode's series belongs to its company, so an import makes a single project either way.",
    ),
  title: z.string().max(200),
  synopsis: z.string().max(5000),
  tags: z.array(z.string().min(1).max(50)).max(30),
  view_mode: z.enum(VIEW_MODES).nullable(),
});

export const archiveItemLanguageSchema = z.strictObject({
  language: languageCode,
  caption: z.string().max(CAPTION_MAX_LENGTH),
  subtitle: archiveFile
    .nullable()
    .describe('The subtitle as it was uploaded: an SRT file in subtitles/, or null.'),
  subtitle_name: z
    .string()
    .max(200)
    .nullable()
    .describe("The subtitle's file name as the studio shows it."),
});

export const archiveItemSchema = z.strictObject({
  id: archiveId,
  type: z.enum(['clip', 'bridge']),
  file_name: z.string().min(1).max(200).describe('The name it was uploaded under, for display.'),
  media: archiveFile.describe('The source video, as uploaded, in media/.'),
  languages: z.array(archiveItemLanguageSchema).max(CONTENT_LANGUAGES.length),
});

export const archiveNodeSchema = z.strictObject({
  id: archiveId,
  parent: archiveId.nullable().describe('The node it follows; null for the root.'),
  item: archiveId.describe('The clip or bridge it plays.'),
  locked: z.boolean(),
  banner: z
    .array(
      z.strictObject({
        type: z.enum(BANNER_COMPONENT_TYPES),
        time_start: boundedInt(0),
      }),
    )
    .max(BANNER_COMPONENT_TYPES.length + 1),
  condition: nodeLogicFields.condition,
  effects: nodeLogicFields.effects,
  branch: z.enum(BRANCH_MODES),
  decision_seconds: nodeLogicFields.decision_seconds,
  default_option: archiveId
    .nullable()
    .describe(
      "One of the node's options: a timed choice's default, an automatic branch's fallback.",
    ),
  goto: archiveId.nullable().describe('"Continue at": the node the story goes on at.'),
});

export const storyArchiveSchema = z
  .strictObject({
    format: z.literal(STORY_ARCHIVE_FORMAT),
    version: z.literal(STORY_ARCHIVE_VERSION),
    exported_at: z.iso.datetime().describe('When the archive was made (UTC).'),
    info: archiveInfoSchema,
    languages: z
      .array(languageCode)
      .max(CONTENT_LANGUAGES.length)
      .describe('The languages of the items (captions and subtitles).'),
    settings: z.strictObject({
      shareable: z.boolean().describe('Whether the player shows its share button.'),
      primary_language: languageCode
        .nullable()
        .describe('The language the player starts in; one of `languages`, or null.'),
    }),
    thumbnails: z.strictObject({
      mobile: archiveFile.nullable(),
      desktop: archiveFile.nullable(),
    }),
    banner: z.strictObject({
      button_text: z.string().max(BANNER_BUTTON_TEXT_MAX_LENGTH),
      button_color: colour,
      button_text_color: colour,
      url: bannerSettingsFields.url.describe("The banner's target URL, or empty."),
      images: z
        .array(z.strictObject({ kind: z.enum(BANNER_KINDS), file: archiveFile }))
        .max(BANNER_KINDS.length),
    }),
    items: z.array(archiveItemSchema).max(ARCHIVE_LIMITS.items),
    storyline: z.strictObject({
      variables: storyVariablesSchema,
      nodes: z
        .array(archiveNodeSchema)
        .max(5000)
        .describe('In reading order: a node after its parent, options in the order shown.'),
    }),
  })
  .meta({
    title: 'Plotline story archive, story.json',
    description:
      'The description at the root of a Plotline story archive (a zip): see docs/story-archive.md.',
  });

export type StoryArchive = z.infer<typeof storyArchiveSchema>;
export type ArchiveItem = z.infer<typeof archiveItemSchema>;
export type ArchiveNode = z.infer<typeof archiveNodeSchema>;

/**
 * The JSON Schema of story.json (docs/plotline-story-1.schema.json), generated: checks that need
 * the whole document (ids named exist, each file once) are the importer's and the docs' alone.
 */
export function storyArchiveJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(storyArchiveSchema, { target: 'draft-2020-12', io: 'input' });
}
