import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  projectSaveSchema,
  publicationSettingsSchema,
  slugSchema,
  viewEventsSchema,
} from './publishing.schema.ts';
import { VIEW_EVENTS_MAX_PER_BATCH } from './publishing.ts';

describe('slugSchema', () => {
  it('accepts lowercase letters, digits and single dashes only', () => {
    for (const good of ['fork', 'the-fork-2', '2026']) {
      expect(slugSchema.safeParse(good).success).toBe(true);
    }
    for (const bad of ['The-Fork', 'fork--road', '-fork', 'fork-', 'fork road', 'ö', '../x']) {
      const result = slugSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.slugFormat);
    }
  });
});

describe('publicationSettingsSchema', () => {
  it('takes only the fields sent, and nothing else', () => {
    expect(publicationSettingsSchema.parse({ movieId: 5, shareable: 1 })).toEqual({
      movieId: 5,
      shareable: 1,
    });
    // An id in a JSON body is a number: text or a boolean is refused, never read as a project.
    expect(publicationSettingsSchema.safeParse({ movieId: '5', shareable: 1 }).success).toBe(false);
    expect(publicationSettingsSchema.safeParse({ movieId: true, shareable: 1 }).success).toBe(
      false,
    );
    expect(publicationSettingsSchema.safeParse({ movieId: 5, shareable: 2 }).success).toBe(false);
    expect(publicationSettingsSchema.safeParse({ movieId: 5, title: 'x' }).success).toBe(false);
    expect(
      publicationSettingsSchema.safeParse({ movieId: 5, primaryLanguageId: 99 }).error?.issues[0]
        ?.message,
    ).toBe(MESSAGES.unknownLanguage);
  });
});

describe('projectSaveSchema', () => {
  it("groups §3's whole form data by what saves it, and ignores the client's own fields", () => {
    expect(
      projectSaveSchema.parse({
        type: 1,
        title: ' The fork ',
        view_mode: 'vertical',
        movieIdParent: null,
        slug: 'the-fork',
        shareable: 0,
        button_text: 'Buy',
        url: 'https://example.com',
        busy: false,
        step: 4,
        series: null,
        movieContent: [],
        client_id: 7,
        vertical_regular: 'https://example.com/v.png',
        horizontal_media_id: 3,
      }),
    ).toEqual({
      movieId: undefined,
      info: {
        type: 1,
        title: 'The fork',
        synopsis: '',
        tags: [],
        view_mode: 'vertical',
        movieIdParent: null,
      },
      settings: { slug: 'the-fork', shareable: 0 },
      banner: { button_text: 'Buy', url: 'https://example.com' },
    });
    // The client is named by client_name, with step 1; client_id stays the form's, ignored.
    expect(
      projectSaveSchema.parse({
        type: 1,
        title: 'T',
        view_mode: 'vertical',
        client_id: 7,
        client_name: ' Acme ',
      }).info,
    ).toEqual({
      type: 1,
      title: 'T',
      synopsis: '',
      tags: [],
      view_mode: 'vertical',
      client_name: 'Acme',
    });
    expect(
      projectSaveSchema.parse({ type: 1, title: 'T', view_mode: 'vertical', client_name: '' }).info
        ?.client_name,
    ).toBeNull();
    expect(projectSaveSchema.parse({ movieId: 5, slug: 'the-fork', app_channel_on: 0 })).toEqual({
      movieId: 5,
      info: undefined,
      settings: { slug: 'the-fork', app_channel_on: 0 },
      banner: {},
    });
  });

  it("answers the problem of the body that was meant, in the spec's words", () => {
    const issues = (body: unknown) =>
      projectSaveSchema
        .safeParse(body)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ movieId: 5, slug: 'The Fork' })).toEqual([['slug', MESSAGES.slugFormat]]);
    expect(issues({ type: 1, title: ' ', view_mode: 'vertical' })).toEqual([
      ['title', MESSAGES.required],
    ]);
    expect(issues({ slug: 'the-fork' })).toEqual([['movieId', MESSAGES.required]]);
    // Step 1 is saved whole: its fields without `type` would be half a save.
    expect(issues({ movieId: 5, title: 'Renamed' })).toEqual([['type', MESSAGES.infoNeedsType]]);
    expect(issues({ movieId: 5, client_name: 'Acme' })).toEqual([['type', MESSAGES.infoNeedsType]]);
    expect(issues({ type: 1, title: 'T', view_mode: 'vertical', episodeNumber: 2 })).toEqual([
      ['episodeNumber', MESSAGES.singleHasNoSeries],
    ]);
    expect(issues({ movieId: 5, status: 'published' })?.[0]?.[1]).toMatch(/status/);
  });
});

describe('viewEventsSchema', () => {
  const session = 'k3J9x-2mQ8_pZ7aB';

  it('takes a batch of events of a viewing', () => {
    const batch = {
      session,
      events: [
        { type: 'start', at: 0 },
        { type: 'node', at: 10, node_id: 1 },
        { type: 'choice', at: 9000, node_id: 2, option_id: 3 },
        { type: 'watched', at: 9100, seconds: 9.1 },
        { type: 'ending', at: 15000, node_id: 3 },
      ],
    };
    expect(viewEventsSchema.parse(batch)).toEqual(batch);
  });

  it('refuses a malformed or oversized batch', () => {
    const event = { type: 'start', at: 0 };
    expect(viewEventsSchema.safeParse({ session: 'x', events: [event] }).success).toBe(false);
    expect(viewEventsSchema.safeParse({ session, events: [] }).success).toBe(false);
    expect(
      viewEventsSchema.safeParse({ session, events: [{ ...event, type: 'buy' }] }).success,
    ).toBe(false);
    expect(
      viewEventsSchema.safeParse({ session, events: [{ ...event, cookie: 'x' }] }).success,
    ).toBe(false);
    for (const incomplete of [
      { type: 'node', at: 1 },
      { type: 'choice', at: 1, node_id: 2 },
      { type: 'ending', at: 1 },
      { type: 'watched', at: 1 },
    ]) {
      expect(
        viewEventsSchema.safeParse({ session, events: [incomplete] }).error?.issues[0]?.message,
      ).toBe(MESSAGES.viewEventsMalformed);
    }
    const tooMany = Array.from({ length: VIEW_EVENTS_MAX_PER_BATCH + 1 }, () => event);
    expect(viewEventsSchema.safeParse({ session, events: tooMany }).error?.issues[0]?.message).toBe(
      MESSAGES.viewEventsTooMany,
    );
  });
});
