import {
  CONTENT_TYPE,
  stepTwoProblems,
  type ContentLanguage,
  type MovieContentStatus,
} from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makeMovieContent } from '../../../test/fixtures.ts';
import {
  addRow,
  chooseLanguage,
  dropItem,
  dropLanguage,
  dropRow,
  dropSaved,
  editCaption,
  languageRows,
  pendingCaptions,
  withDrafts,
  withLanguage,
  type CaptionDrafts,
} from './caption-drafts.ts';

function language(overrides: Partial<ContentLanguage> = {}): ContentLanguage {
  return { language_id: 1, caption: 'Open the door', file: null, file_name: null, ...overrides };
}

const english = language();
const german = language({
  language_id: 3,
  caption: 'Öffne die Tür',
  file: '/s/de.vtt',
  file_name: 'de.srt',
});
const clip = makeMovieContent({ movie_content_id: 1, lang: [english, german] });
const bridge = makeMovieContent({
  movie_content_id: 2,
  type: CONTENT_TYPE.bridge,
  file_name: 'bridge.mp4',
  lang: [],
});

describe('languageRows', () => {
  it("lists the server's languages as they are when nothing is typed", () => {
    expect(languageRows(clip, {})).toEqual([
      {
        key: 'language-1',
        languageId: 1,
        caption: 'Open the door',
        file: null,
        fileName: null,
        stored: true,
        changed: false,
      },
      {
        key: 'language-3',
        languageId: 3,
        caption: 'Öffne die Tür',
        file: '/s/de.vtt',
        fileName: 'de.srt',
        stored: true,
        changed: false,
      },
    ]);
  });

  it('shows a typed caption over the stored one, and rows added since after them', () => {
    let drafts = editCaption({}, 1, { key: 'language-1', languageId: 1 }, 'Knock');
    drafts = addRow(drafts, 1, 'new-1');
    drafts = chooseLanguage(drafts, 1, 'new-1', 2);
    drafts = addRow(drafts, 1, 'new-2');
    expect(
      languageRows(clip, drafts).map(({ key, languageId, caption, stored, changed }) => ({
        key,
        languageId,
        caption,
        stored,
        changed,
      })),
    ).toEqual([
      { key: 'language-1', languageId: 1, caption: 'Knock', stored: true, changed: true },
      { key: 'language-3', languageId: 3, caption: 'Öffne die Tür', stored: true, changed: false },
      { key: 'new-1', languageId: 2, caption: '', stored: false, changed: true },
      { key: 'new-2', languageId: null, caption: '', stored: false, changed: false },
    ]);
  });

  it('keeps a new row in its place once the server holds its language (a subtitle was uploaded)', () => {
    const drafts = editCaption(
      chooseLanguage(addRow({}, 2, 'new-1'), 2, 'new-1', 4),
      2,
      {
        key: 'new-1',
        languageId: 4,
      },
      'Hola',
    );
    const stored = {
      ...bridge,
      lang: [language({ language_id: 4, caption: '', file: '/s/es.vtt', file_name: 'es.srt' })],
    };
    expect(languageRows(stored, drafts)).toEqual([
      {
        key: 'new-1',
        languageId: 4,
        caption: 'Hola',
        file: '/s/es.vtt',
        fileName: 'es.srt',
        stored: true,
        changed: true,
      },
    ]);
  });

  it('counts a caption typed back to the stored text as unchanged', () => {
    const drafts = editCaption({}, 1, { key: 'language-1', languageId: 1 }, 'Open the door');
    expect(languageRows(clip, drafts)[0]?.changed).toBe(false);
  });
});

describe('pendingCaptions', () => {
  it('sends every changed row with a language, on every item, and nothing else', () => {
    let drafts: CaptionDrafts = editCaption({}, 1, { key: 'language-3', languageId: 3 }, 'Klopf');
    drafts = addRow(drafts, 2, 'new-1');
    drafts = chooseLanguage(drafts, 2, 'new-1', 1);
    drafts = editCaption(drafts, 2, { key: 'new-1', languageId: 1 }, 'Left or right?');
    drafts = addRow(drafts, 2, 'new-2');
    expect(pendingCaptions([clip, bridge], drafts)).toEqual([
      { movie_content_id: 1, language_id: 3, caption: 'Klopf', key: 'language-3' },
      { movie_content_id: 2, language_id: 1, caption: 'Left or right?', key: 'new-1' },
    ]);
  });

  it('ignores drafts of items that are gone', () => {
    const drafts = editCaption({}, 9, { key: 'language-1', languageId: 1 }, 'Lost');
    expect(pendingCaptions([clip], drafts)).toEqual([]);
  });
});

describe('dropping drafts', () => {
  const drafts = chooseLanguage(
    addRow(editCaption({}, 1, { key: 'language-1', languageId: 1 }, 'Knock'), 2, 'new-1'),
    2,
    'new-1',
    1,
  );

  it('forgets a language on every item', () => {
    expect(dropLanguage(drafts, 1)).toEqual({});
    expect(dropLanguage(drafts, 3)).toEqual(drafts);
  });

  it('forgets one row, or the rows of a deleted item', () => {
    expect(dropRow(drafts, 2, 'new-1')).toEqual({ 1: drafts[1] });
    expect(dropItem(drafts, 1)).toEqual({ 2: drafts[2] });
  });

  it('forgets a saved caption, but not one typed on while it was being saved', () => {
    const saved = { movie_content_id: 1, language_id: 1, caption: 'Knock', key: 'language-1' };
    expect(dropSaved(drafts, saved)).toEqual({ 2: drafts[2] });
    const typedOn = editCaption(drafts, 1, { key: 'language-1', languageId: 1 }, 'Knock twice');
    expect(dropSaved(typedOn, saved)).toEqual(typedOn);
  });

  it('takes the trimmed caption the server stores as the same caption', () => {
    const spaced = editCaption({}, 1, { key: 'language-1', languageId: 1 }, ' Knock ');
    expect(
      dropSaved(spaced, {
        movie_content_id: 1,
        language_id: 1,
        caption: 'Knock',
        key: 'language-1',
      }),
    ).toEqual({});
  });
});

describe('withDrafts', () => {
  it('gives the step 2 check the items as they would be saved', () => {
    let drafts = editCaption({}, 1, { key: 'language-1', languageId: 1 }, '');
    drafts = chooseLanguage(addRow(drafts, 2, 'new-1'), 2, 'new-1', 2);
    drafts = addRow(drafts, 2, 'new-2');
    const items = withDrafts([clip, bridge], drafts);
    expect(items.map((item) => item.lang)).toEqual([
      [language({ caption: '' }), german],
      [language({ language_id: 2, caption: '' })],
    ]);
    expect(stepTwoProblems(items, { saved: true })).toEqual([
      { kind: 'empty-caption', file: 'opening.mp4', languageId: 1 },
      { kind: 'empty-caption', file: 'bridge.mp4', languageId: 2 },
      { kind: 'empty-subtitle', file: 'opening.mp4', languageId: 1 },
    ]);
  });
});

describe('withLanguage', () => {
  const items: MovieContentStatus[] = [clip, bridge];

  it("changes one item's language and leaves the others as they are", () => {
    const next = withLanguage(items, 1, 1, (entry) => ({ ...entry, caption: 'Knock' }));
    expect(next?.[0]?.lang).toEqual([language({ caption: 'Knock' }), german]);
    expect(next?.[1]).toBe(bridge);
  });

  it('adds a language the item does not have yet', () => {
    const next = withLanguage(items, 2, 4, (entry) => ({ ...entry, file: '/s/es.vtt' }));
    expect(next?.[1]?.lang).toEqual([
      { language_id: 4, caption: '', file: '/s/es.vtt', file_name: null },
    ]);
  });

  it('removes a language when the change gives none', () => {
    expect(withLanguage(items, 1, 3, () => null)?.[0]?.lang).toEqual([english]);
  });

  it('leaves a list not read yet alone', () => {
    expect(withLanguage(undefined, 1, 1, (entry) => entry)).toBeUndefined();
  });
});
