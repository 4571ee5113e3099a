// Writes the JSON Schema of a story archive's story.json to docs/, generated from core's zod schema
// (`storyArchiveJsonSchema`). CI regenerates it and fails when the committed copy differs, and a
// test checks the same, so the published format never drifts from what the import reads.
import { writeFile } from 'node:fs/promises';
import { STORY_SCHEMA_FILE, storyJsonSchemaText } from './story-schema.ts';

await writeFile(STORY_SCHEMA_FILE, await storyJsonSchemaText());
console.log(`wrote ${STORY_SCHEMA_FILE.pathname}`);
