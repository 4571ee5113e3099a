import { describe, expect, it } from 'vitest';
import { storyArchiveJsonSchema, storyArchiveSchema } from './story-archive.schema.ts';
import { ARCHIVE_FILE_PATTERN } from './story-archive.ts';

const story = {
  format: 'plotline-story',
  version: 1,
  exported_at: '2026-11-27T05:30:00.000Z',
  info: { type: 'single', title: '', synopsis: '', tags: [], view_mode: null },
  languages: ['en'],
  settings: { shareable: true, primary_language: 'en' },
  thumbnails: { mobile: null, desktop: null },
  banner: {
    button_text: '',
    button_color: '#000000',
    button_text_color: '#ffffff',
    url: '',
    images: [],
  },
  items: [
    {
      id: 'item-1',
      type: 'clip',
      file_name: 'a.mp4',
      media: 'media/item-1.mp4',
      languages: [{ language: 'en', caption: 'A', subtitle: null, subtitle_name: null }],
    },
  ],
  storyline: { variables: [], nodes: [] },
};

describe('storyArchiveSchema', () => {
  it('reads a minimal story', () => {
    expect(storyArchiveSchema.safeParse(story).success).toBe(true);
  });

  it('refuses unknown fields, languages Plotline does not offer, and another format', () => {
    const refusedAt = (value: unknown) =>
      storyArchiveSchema.safeParse(value).error?.issues[0]?.path.join('.');
    expect(refusedAt({ ...story, extra: 1 })).toBe('');
    expect(refusedAt({ ...story, languages: ['xx'] })).toBe('languages.0');
    expect(refusedAt({ ...story, format: 'other' })).toBe('format');
    expect(
      refusedAt({ ...story, items: [{ ...story.items[0], media: '../media/item-1.mp4' }] }),
    ).toBe('items.0.media');
  });

  it('becomes a JSON Schema 2020-12 that keeps the patterns and strictness', () => {
    const schema = storyArchiveJsonSchema() as {
      $schema: string;
      additionalProperties: boolean;
      required: string[];
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toContain('storyline');
    expect(JSON.stringify(schema)).toContain(ARCHIVE_FILE_PATTERN.source.replaceAll('\\', '\\\\'));
  });
});
