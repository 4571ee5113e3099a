import { describe, expect, it } from 'vitest';
import { bannerSettingsSchema, captionSchema, projectInfoSchema } from './projects.schema.ts';
import { CAPTION_MAX_LENGTH, canSetProjectClient, CLIENT_NAME_MAX_LENGTH } from './projects.ts';
import { ROLES } from './roles.ts';

describe("projectInfoSchema's client", () => {
  const info = { type: 1, title: 'The fork', view_mode: 'vertical' } as const;
  const clientOf = (client_name: unknown) =>
    projectInfoSchema.safeParse({ ...info, client_name }).data?.client_name;

  it('takes a free name, trimmed; empty or null for none; absent keeps the client', () => {
    expect(clientOf('  Acme & Co ')).toBe('Acme & Co');
    expect(clientOf('x'.repeat(CLIENT_NAME_MAX_LENGTH))).toHaveLength(CLIENT_NAME_MAX_LENGTH);
    expect(clientOf('')).toBeNull();
    expect(clientOf('   ')).toBeNull();
    expect(clientOf(null)).toBeNull();
    expect(projectInfoSchema.parse(info)).not.toHaveProperty('client_name');
  });

  it('refuses a name too long or not a string', () => {
    expect(
      projectInfoSchema.safeParse({ ...info, client_name: 'x'.repeat(CLIENT_NAME_MAX_LENGTH + 1) })
        .success,
    ).toBe(false);
    expect(projectInfoSchema.safeParse({ ...info, client_name: 7 }).success).toBe(false);
  });
});

describe('canSetProjectClient', () => {
  it('lets administrators, superadmins and staff set the client, and no other role', () => {
    expect(ROLES.filter((role) => canSetProjectClient({ role }))).toEqual([
      'king',
      'internal',
      'accountManager',
      'superadmin',
      'administrator',
    ]);
  });
});

describe('captionSchema', () => {
  const base = { movie_content_id: 4, language_id: 1 };

  it('takes a caption of up to 75 characters, trimmed', () => {
    expect(captionSchema.parse({ ...base, caption: `  ${'a'.repeat(75)}  ` }).caption).toBe(
      'a'.repeat(CAPTION_MAX_LENGTH),
    );
  });

  it.each([
    ['missing', undefined, 'Required'],
    ['blank', '   ', 'Required'],
    ['too long', 'a'.repeat(76), 'At most 75 characters'],
  ])('refuses a %s caption', (_case, caption, message) => {
    const result = captionSchema.safeParse({ ...base, caption });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('refuses a language the studio does not offer', () => {
    const result = captionSchema.safeParse({ ...base, language_id: 99, caption: 'Hi' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Unknown language']);
  });
});

describe('bannerSettingsSchema', () => {
  it('fills the defaults of an empty banner', () => {
    expect(bannerSettingsSchema.parse({ movie_id: 3 })).toEqual({
      movie_id: 3,
      url: '',
      button_text: '',
      button_color: '#000000',
      button_text_color: '#ffffff',
    });
  });

  it('takes a button text of up to 20 characters and refuses a longer one', () => {
    expect(
      bannerSettingsSchema.safeParse({ movie_id: 3, button_text: 'a'.repeat(20) }).success,
    ).toBe(true);
    expect(
      bannerSettingsSchema.safeParse({ movie_id: 3, button_text: 'a'.repeat(21) }).success,
    ).toBe(false);
  });

  it.each(['blue', '#fff', '#12345g', 'rgb(0,0,0)'])('refuses the colour %s', (colour) => {
    const result = bannerSettingsSchema.safeParse({ movie_id: 3, button_color: colour });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Use a colour such as #6a1b9a',
    ]);
  });
});
