import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  projectSaveSchema,
  publicationSettingsSchema,
  publishBlockers,
  SLUG_MAX_LENGTH,
  slugSchema,
  suggestSlug,
  VIEW_EVENTS_MAX_PER_BATCH,
  viewEventsSchema,
  watchUrl,
} from './publishing.ts';

describe('slugs', () => {
  it('suggests one from a title: accents dropped, other signs turned into single dashes', () => {
    expect(suggestSlug('The Fork in the Road')).toBe('the-fork-in-the-road');
    expect(suggestSlug('  Café — Noël!! 2 ')).toBe('cafe-noel-2');
    expect(suggestSlug('طريق')).toBe('');
  });

  it('cuts a long title at a dash, within the limit', () => {
    const slug = suggestSlug('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^word(-word)+$/);
    expect(slugSchema.safeParse(slug).success).toBe(true);
  });

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

describe('watchUrl', () => {
  it('puts the slug under /watch of the public address, with the client when there is one', () => {
    expect(watchUrl('https://plotline.example', 'the-fork')).toBe(
      'https://plotline.example/watch/the-fork',
    );
    expect(watchUrl('http://localhost:8080/', 'the-fork', 'Acme & Co')).toBe(
      'http://localhost:8080/watch/the-fork?client_name=Acme+%26+Co',
    );
  });
});

describe('publishBlockers', () => {
  const complete = {
    title: 'The fork',
    thumbnailMobile: 'm.png',
    thumbnailDesktop: 'd.png',
    slug: 'the-fork',
  };

  it('lets a project with title, both thumbnails and a slug be published', () => {
    expect(publishBlockers(complete)).toEqual([]);
  });

  it('names each missing piece of §5', () => {
    expect(
      publishBlockers({ title: ' ', thumbnailMobile: null, thumbnailDesktop: null, slug: null }),
    ).toEqual(['title', 'thumbnailMobile', 'thumbnailDesktop', 'slug']);
    expect(publishBlockers({ ...complete, slug: '' })).toEqual(['slug']);
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
