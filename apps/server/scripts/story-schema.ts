import { STORY_ARCHIVE_SCHEMA_FILE, storyArchiveJsonSchema } from '@plotline/core';
import { format, resolveConfig } from 'prettier';

/** Where the schema is committed. */
export const STORY_SCHEMA_FILE = new URL(
  `../../../docs/${STORY_ARCHIVE_SCHEMA_FILE}`,
  import.meta.url,
);

/**
 * docs/plotline-story-1.schema.json as it is committed: core's schema of story.json as a JSON
 * Schema, laid out by the project's Prettier settings so that `npm run lint` and the generator
 * agree on every byte.
 */
export async function storyJsonSchemaText(): Promise<string> {
  const options = (await resolveConfig(STORY_SCHEMA_FILE.pathname)) ?? {};
  return format(JSON.stringify(storyArchiveJsonSchema()), { ...options, parser: 'json' });
}
