import { captionSchema, MESSAGES, type MovieContentStatus } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useDeleteErrorToast } from '../../../lib/use-delete-error-toast.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useRemoveLanguage } from '../api/remove-language.ts';
import { useRemoveSubtitle } from '../api/remove-subtitle.ts';
import { useSaveCaption } from '../api/save-caption.ts';
import { useUploadSubtitle } from '../api/upload-subtitle.ts';
import {
  addRow,
  chooseLanguage,
  dropLanguage,
  dropRow,
  dropSaved,
  editCaption,
  languageRows,
  pendingCaptions,
  withDrafts,
  type CaptionDrafts,
  type LanguageRow,
  type PendingCaption,
} from '../model/caption-drafts.ts';

export interface CaptionEditor {
  /** Spec §4's flag: false after any caption or subtitle edit, true after Save. */
  saved: boolean;
  /** Some caption is typed and not sent: leaving now loses it. */
  unsent: boolean;
  saving: boolean;
  /** The items as the step 2 check sees them: with the captions typed so far. */
  checkedItems: MovieContentStatus[];
  rowsOf: (item: MovieContentStatus) => LanguageRow[];
  /** Why a row's caption was not saved, if it was refused. */
  errorOf: (itemId: number, row: LanguageRow) => string | undefined;
  addRow: (itemId: number) => void;
  chooseLanguage: (itemId: number, row: LanguageRow, languageId: number) => void;
  editCaption: (itemId: number, row: LanguageRow, caption: string) => void;
  /** Forgets a row that has no language yet. */
  dropRow: (itemId: number, row: LanguageRow) => void;
  /** Removes a language from the whole project; resolves false when the server refused. */
  removeLanguage: (languageId: number) => Promise<boolean>;
  uploadSubtitle: (
    itemId: number,
    row: LanguageRow,
    file: File,
    onProgress: (percent: number) => void,
  ) => Promise<void>;
  removeSubtitle: (itemId: number, row: LanguageRow) => Promise<boolean>;
  /** Sends every caption typed; the flag turns true when all of them are stored. */
  save: () => Promise<void>;
}

/**
 * The languages of step 2's items: captions are typed into drafts over the server's list and sent
 * by Save; subtitles and removals go to the server at once.
 */
export function useCaptionEditor(movieId: number, items: MovieContentStatus[]): CaptionEditor {
  const { enqueueSnackbar } = useSnackbar();
  const messageText = useMessageText();
  const toastDeleteError = useDeleteErrorToast();
  const [drafts, setDrafts] = useState<CaptionDrafts>({});
  const [saved, setSaved] = useState(true);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const nextKey = useRef(0);
  const saveCaption = useSaveCaption(movieId);
  const removeLanguageCall = useRemoveLanguage();
  const uploadSubtitleCall = useUploadSubtitle(movieId);
  const removeSubtitleCall = useRemoveSubtitle(movieId);

  const errorKey = (itemId: number, key: string) => `${itemId}:${key}`;
  const clearError = (itemId: number, key: string) =>
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([refused]) => refused !== errorKey(itemId, key)),
      ),
    );

  const save = async () => {
    const pending = pendingCaptions(items, drafts);
    const refused: Record<string, string> = {};
    const valid: PendingCaption[] = [];
    for (const caption of pending) {
      // The wire fields only: the row's key is the studio's own.
      const checked = captionSchema.safeParse({
        movie_content_id: caption.movie_content_id,
        language_id: caption.language_id,
        caption: caption.caption,
      });
      if (checked.success) valid.push({ ...caption, caption: checked.data.caption });
      else {
        refused[errorKey(caption.movie_content_id, caption.key)] =
          checked.error.issues[0]?.message ?? MESSAGES.required;
      }
    }
    setErrors(refused);
    setSaving(true);
    const results = await Promise.allSettled(
      valid.map(async (caption) => {
        await saveCaption.mutateAsync({
          movie_content_id: caption.movie_content_id,
          language_id: caption.language_id,
          caption: caption.caption,
        });
        setDrafts((current) => dropSaved(current, caption));
      }),
    );
    setSaving(false);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) {
      const reason: unknown = failure.reason;
      enqueueSnackbar(messageText(reason instanceof Error ? reason.message : String(reason)), {
        variant: 'error',
      });
    } else if (Object.keys(refused).length === 0) {
      setSaved(true);
      enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
    }
  };

  return {
    saved,
    unsent: pendingCaptions(items, drafts).length > 0,
    saving,
    checkedItems: withDrafts(items, drafts),
    rowsOf: (item) => languageRows(item, drafts),
    errorOf: (itemId, row) => errors[errorKey(itemId, row.key)],
    addRow: (itemId) => {
      nextKey.current += 1;
      setDrafts((current) => addRow(current, itemId, `new-${nextKey.current}`));
    },
    chooseLanguage: (itemId, row, languageId) => {
      setDrafts((current) => chooseLanguage(current, itemId, row.key, languageId));
      setSaved(false);
    },
    editCaption: (itemId, row, caption) => {
      setDrafts((current) => editCaption(current, itemId, row, caption));
      clearError(itemId, row.key);
      setSaved(false);
    },
    dropRow: (itemId, row) => setDrafts((current) => dropRow(current, itemId, row.key)),
    removeLanguage: async (languageId) => {
      const stored = items.some((item) =>
        item.lang.some((language) => language.language_id === languageId),
      );
      try {
        if (stored) await removeLanguageCall.mutateAsync({ movieId, languageId });
      } catch (error) {
        toastDeleteError(error as Error);
        return false;
      }
      setDrafts((current) => dropLanguage(current, languageId));
      setSaved(false);
      return true;
    },
    uploadSubtitle: async (itemId, row, file, onProgress) => {
      if (row.languageId === null) return;
      try {
        await uploadSubtitleCall.mutateAsync({
          movieContentId: itemId,
          languageId: row.languageId,
          exist: row.file !== null,
          file,
          onProgress,
        });
        setSaved(false);
      } catch (error) {
        enqueueSnackbar(messageText((error as Error).message), { variant: 'error' });
        throw error;
      }
    },
    removeSubtitle: async (itemId, row) => {
      if (row.languageId === null) return true;
      try {
        await removeSubtitleCall.mutateAsync({
          movieContentId: itemId,
          languageId: row.languageId,
        });
        setSaved(false);
        return true;
      } catch (error) {
        toastDeleteError(error as Error);
        return false;
      }
    },
    save,
  };
}
