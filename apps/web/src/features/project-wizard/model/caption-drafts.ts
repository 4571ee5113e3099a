import type { ContentLanguage, MovieContentStatus } from '@plotline/core';

/** A language row of an item that the user has added or typed in and not saved yet. */
export interface CaptionDraft {
  /** Tells rows apart before they have a language, and keeps a row's identity once it is stored. */
  key: string;
  /** None until the user picks one (spec §5: the caption waits for it). */
  languageId: number | null;
  caption: string;
}

/** Unsaved rows, by item id. */
export type CaptionDrafts = Readonly<Record<number, readonly CaptionDraft[]>>;

/** A language row of an item as the user sees it: what the server holds, with the draft over it. */
export interface LanguageRow {
  key: string;
  languageId: number | null;
  caption: string;
  /** The subtitle's WebVTT file, and the name it was uploaded under. */
  file: string | null;
  fileName: string | null;
  /** The server holds this language for the item (a caption, a subtitle or both). */
  stored: boolean;
  /** The caption is not the server's: Save has something to send. */
  changed: boolean;
}

/** A caption Save has to send. */
export interface PendingCaption {
  movie_content_id: number;
  language_id: number;
  caption: string;
  /** The row it was typed in. */
  key: string;
}

const storedKey = (languageId: number) => `language-${languageId}`;

/** The rows of an item: its stored languages in the server's order, then the rows added since. */
export function languageRows(
  item: Pick<MovieContentStatus, 'movie_content_id' | 'lang'>,
  drafts: CaptionDrafts,
): LanguageRow[] {
  const own = drafts[item.movie_content_id] ?? [];
  const stored = item.lang.map((language): LanguageRow => {
    const draft = own.find((row) => row.languageId === language.language_id);
    return {
      key: draft?.key ?? storedKey(language.language_id),
      languageId: language.language_id,
      caption: draft?.caption ?? language.caption,
      file: language.file,
      fileName: language.file_name,
      stored: true,
      changed: draft !== undefined && draft.caption !== language.caption,
    };
  });
  const added = own
    .filter(
      (row) =>
        row.languageId === null ||
        !item.lang.some((language) => language.language_id === row.languageId),
    )
    .map((row): LanguageRow => ({
      ...row,
      file: null,
      fileName: null,
      stored: false,
      changed: row.languageId !== null,
    }));
  return [...stored, ...added];
}

function withRows(
  drafts: CaptionDrafts,
  itemId: number,
  change: (rows: readonly CaptionDraft[]) => readonly CaptionDraft[],
): CaptionDrafts {
  const rows = change(drafts[itemId] ?? []);
  const next = { ...drafts };
  if (rows.length === 0) delete next[itemId];
  else next[itemId] = rows;
  return next;
}

/** A new row, without a language yet. */
export function addRow(drafts: CaptionDrafts, itemId: number, key: string): CaptionDrafts {
  return withRows(drafts, itemId, (rows) => [...rows, { key, languageId: null, caption: '' }]);
}

/** The language of a row the server does not hold yet. */
export function chooseLanguage(
  drafts: CaptionDrafts,
  itemId: number,
  key: string,
  languageId: number,
): CaptionDrafts {
  return withRows(drafts, itemId, (rows) =>
    rows.map((row) => (row.key === key ? { ...row, languageId } : row)),
  );
}

/** A caption typed in a row, stored or not. */
export function editCaption(
  drafts: CaptionDrafts,
  itemId: number,
  row: Pick<LanguageRow, 'key' | 'languageId'>,
  caption: string,
): CaptionDrafts {
  return withRows(drafts, itemId, (rows) =>
    rows.some((draft) => draft.key === row.key)
      ? rows.map((draft) => (draft.key === row.key ? { ...draft, caption } : draft))
      : [...rows, { key: row.key, languageId: row.languageId, caption }],
  );
}

/** Forgets one row of an item. */
export function dropRow(drafts: CaptionDrafts, itemId: number, key: string): CaptionDrafts {
  return withRows(drafts, itemId, (rows) => rows.filter((row) => row.key !== key));
}

/** Forgets a language on every item: removing a language removes it from the whole project. */
export function dropLanguage(drafts: CaptionDrafts, languageId: number): CaptionDrafts {
  return Object.keys(drafts).reduce(
    (next, itemId) =>
      withRows(next, Number(itemId), (rows) => rows.filter((row) => row.languageId !== languageId)),
    drafts,
  );
}

/** Forgets a deleted item's rows. */
export function dropItem(drafts: CaptionDrafts, itemId: number): CaptionDrafts {
  return withRows(drafts, itemId, () => []);
}

/**
 * Forgets a row's draft once its caption is stored, unless the user has typed on since it was
 * sent. The server stores the caption trimmed.
 */
export function dropSaved(drafts: CaptionDrafts, saved: PendingCaption): CaptionDrafts {
  return withRows(drafts, saved.movie_content_id, (rows) =>
    rows.filter((row) => !(row.key === saved.key && row.caption.trim() === saved.caption)),
  );
}

/** The captions Save sends: every row with a language whose caption is not the server's. */
export function pendingCaptions(
  items: readonly Pick<MovieContentStatus, 'movie_content_id' | 'lang'>[],
  drafts: CaptionDrafts,
): PendingCaption[] {
  return items.flatMap((item) =>
    languageRows(item, drafts).flatMap((row) =>
      row.changed && row.languageId !== null
        ? [
            {
              movie_content_id: item.movie_content_id,
              language_id: row.languageId,
              caption: row.caption,
              key: row.key,
            },
          ]
        : [],
    ),
  );
}

/** The items as they would be once saved: what the step 2 check looks at. */
export function withDrafts<T extends Pick<MovieContentStatus, 'movie_content_id' | 'lang'>>(
  items: readonly T[],
  drafts: CaptionDrafts,
): T[] {
  return items.map((item) => ({
    ...item,
    lang: languageRows(item, drafts).flatMap((row): ContentLanguage[] =>
      row.languageId === null
        ? []
        : [
            {
              language_id: row.languageId,
              caption: row.caption,
              file: row.file,
              file_name: row.fileName,
            },
          ],
    ),
  }));
}

/** The item list with one item's language changed (or added, or removed when `change` gives null). */
export function withLanguage(
  items: readonly MovieContentStatus[] | undefined,
  itemId: number,
  languageId: number,
  change: (language: ContentLanguage) => ContentLanguage | null,
): MovieContentStatus[] | undefined {
  return items?.map((item) => {
    if (item.movie_content_id !== itemId) return item;
    const current = item.lang.find((language) => language.language_id === languageId);
    const changed = change(
      current ?? { language_id: languageId, caption: '', file: null, file_name: null },
    );
    const others = item.lang.filter((language) => language.language_id !== languageId);
    if (!changed) return { ...item, lang: others };
    return {
      ...item,
      lang: current
        ? item.lang.map((language) => (language === current ? changed : language))
        : [...others, changed],
    };
  });
}
