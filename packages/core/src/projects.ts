import type { MovieContentStatus } from './media.schema.ts';
import { CONTENT_LANGUAGES } from './media.ts';
import type { Subject } from './rights.ts';
import type { Role } from './roles.ts';

/**
 * A project's rules (wizard steps 1 and 2): its limits, the names of its languages and what step 2
 * checks. The calls' schemas are `projects.schema.ts`'s.
 */

/** §5, §9: episode numbers of a series. */
export const EPISODE_MIN = 1;
export const EPISODE_MAX = 50;
/** §5, §9. */
export const CAPTION_MAX_LENGTH = 75;
export const BANNER_BUTTON_TEXT_MAX_LENGTH = 20;
/** A project's client is a free name (step 1). */
export const CLIENT_NAME_MAX_LENGTH = 120;

/**
 * Who sets or changes a project's client (step 1): the company's administrators and superadmins,
 * and the staff who reach every company. Other members see it and keep it as it is.
 */
const CLIENT_SETTERS: readonly Role[] = [
  'king',
  'internal',
  'accountManager',
  'superadmin',
  'administrator',
];

/** The one rule of who may set a project's client; the server's save and the studio's step 1 both ask it. */
export function canSetProjectClient(subject: Pick<Subject, 'role'>): boolean {
  return CLIENT_SETTERS.includes(subject.role);
}

export const languageName = (languageId: number) =>
  CONTENT_LANGUAGES.find((language) => language.language_id === languageId)?.name ?? '';

/**
 * §5 "Step 2 check errors", in the spec's order: not saved yet; a transcode not finished or failed;
 * an item without a language or with an empty caption; an empty subtitle of some clip's language,
 * only when any clip has a subtitle. Each names what it is about; the studio words them.
 */
export type StepTwoProblem =
  | { kind: 'not-saved' }
  | { kind: 'not-transcoded'; file: string }
  | { kind: 'no-language'; file: string }
  | { kind: 'empty-caption'; file: string; languageId: number }
  | { kind: 'empty-subtitle'; file: string; languageId: number };

export function stepTwoProblems(
  items: readonly Pick<
    MovieContentStatus,
    'file_name' | 'type' | 'status' | 'thumbnail' | 'lang'
  >[],
  { saved }: { saved: boolean },
): StepTwoProblem[] {
  const problems: StepTwoProblem[] = [];
  if (!saved) problems.push({ kind: 'not-saved' });
  for (const item of items) {
    if (item.status !== 'ready' || !item.thumbnail) {
      problems.push({ kind: 'not-transcoded', file: item.file_name });
    }
  }
  for (const item of items) {
    // §5: every item needs at least one caption language.
    if (item.lang.length === 0) problems.push({ kind: 'no-language', file: item.file_name });
    for (const language of item.lang) {
      if (language.caption.trim() === '') {
        problems.push({
          kind: 'empty-caption',
          file: item.file_name,
          languageId: language.language_id,
        });
      }
    }
  }
  const clips = items.filter((item) => item.type === 1);
  if (clips.some((clip) => clip.lang.some((language) => language.file))) {
    for (const clip of clips) {
      for (const language of clip.lang) {
        if (!language.file) {
          problems.push({
            kind: 'empty-subtitle',
            file: clip.file_name,
            languageId: language.language_id,
          });
        }
      }
    }
  }
  return problems;
}
