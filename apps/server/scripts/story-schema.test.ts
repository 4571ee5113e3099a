import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { STORY_SCHEMA_FILE, storyJsonSchemaText } from './story-schema.ts';

it('docs/ ships the JSON Schema of story.json that core’s schema generates (npm run generate)', async () => {
  expect(await readFile(STORY_SCHEMA_FILE, 'utf8')).toBe(await storyJsonSchemaText());
});
