import { UPLOAD_LIMIT_BYTES } from './media.ts';

/**
 * A portable story archive (docs/story-archive.md): one zip holding `story.json` (the story's
 * info, languages, storyline with its logic, items with their captions, banner and settings) and
 * the files it names: each clip's and bridge's source video, subtitles, thumbnails and banner
 * images. `GET /api/movie/{movieId}/export` writes one, `POST /api/movie/import` makes a new draft
 * from one. This module holds the format's names and limits; `story-archive.schema.ts` holds the
 * shape of story.json, from which docs/plotline-story-1.schema.json is generated.
 */

/** What `format` says in every story.json: a file of ours, whatever it is named. */
export const STORY_ARCHIVE_FORMAT = 'plotline-story';
/**
 * The format's version: an importer reads its own version and refuses a later one. A change that
 * an older importer would misread takes a new version (and a new JSON Schema file in docs/).
 */
export const STORY_ARCHIVE_VERSION = 1;
/** The JSON Schema of this version, as shipped in docs/. */
export const STORY_ARCHIVE_SCHEMA_FILE = `plotline-story-${STORY_ARCHIVE_VERSION}.schema.json`;

/** The description at the archive's root. */
export const STORY_FILE = 'story.json';
/** The folders of the files story.json names: videos, subtitles, pictures. */
export const ARCHIVE_FOLDERS = ['media', 'subtitles', 'images'] as const;
export type ArchiveFolder = (typeof ARCHIVE_FOLDERS)[number];

/**
 * A file named by story.json: a plain name in one of the folders. Anything else (`../`, an
 * absolute path, a backslash, a hidden name) is refused by the schema, whatever the zip holds.
 */
export const ARCHIVE_FILE_PATTERN = /^(media|subtitles|images)\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** The ids story.json gives its items and nodes: local to the archive, never a database id. */
export const ARCHIVE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * Limits an import checks before it writes anything. Sizes count the bytes really inflated, not
 * what the zip's headers claim, so a zip bomb stops at the limit whatever it declares.
 */
export const ARCHIVE_LIMITS = {
  /** The uploaded zip: room for many clips of an upload's size each. */
  archiveBytes: 20_000_000_000,
  entries: 10_000,
  /** All the files read, inflated. */
  expandedBytes: 20_000_000_000,
  storyJsonBytes: 10_000_000,
  /** A clip's or bridge's source: no larger than one upload could bring. */
  mediaBytes: UPLOAD_LIMIT_BYTES,
  imageBytes: 50_000_000,
  subtitleBytes: 2_000_000,
  /**
   * An entry inflating to more than this many times its compressed size is a bomb: videos and
   * pictures hardly compress, JSON and subtitles a few times. The first `ratioGraceBytes` of an
   * entry are not judged, so a tiny file of repeated text passes.
   */
  inflateRatio: 100,
  ratioGraceBytes: 1_048_576,
  items: 1_000,
} as const;

/** The refusals of an import: each a 400 naming what is wrong, before anything is written. */
export const ARCHIVE_MESSAGES = {
  notZip: 'The file is not a zip archive',
  noStory: `The archive has no ${STORY_FILE}`,
  storyNotJson: `${STORY_FILE} is not valid JSON: {reason}`,
  storyInvalid: `${STORY_FILE} does not match the story format at {path}: {message}`,
  newerVersion: `${STORY_FILE} is of format version {version}; this server reads version ${STORY_ARCHIVE_VERSION}`,
  unsafePath: 'The archive holds an entry outside its folder: {path}',
  duplicateEntry: 'The archive holds {path} twice',
  encrypted: 'The archive holds an encrypted entry: {path}',
  tooManyEntries: `The archive holds more than ${ARCHIVE_LIMITS.entries} entries`,
  tooLarge: 'The archive is too large: its files may total {limit} bytes once unpacked',
  entryTooLarge: '{path} is too large: at most {limit} bytes',
  bomb: '{path} unpacks to far more than it holds: the archive looks like a zip bomb',
  corrupt: 'The archive is damaged at {path}: {reason}',
  missingFile: '{path} is named in story.json but missing from the archive',
  fileNamedTwice: '{path} is named twice in story.json',
  unknownItem: 'Node {node} plays item {item}, which story.json does not list',
  unknownNode: 'Node {node} names node {other}, which story.json does not list',
  duplicateId: 'story.json lists the id {id} twice',
  tooManyItems: `story.json lists more than ${ARCHIVE_LIMITS.items} items`,
  storyline: 'The storyline of story.json cannot be saved: {message}',
  fileRefused: '{path} is refused: {reason}',
  importNeedsArchive: 'Send the story archive (a zip) in the part "uploads"',
  archiveTooLarge: `A story archive must be smaller than ${ARCHIVE_LIMITS.archiveBytes / 1e9} GB`,
} as const;

/**
 * The extension an archived file keeps, from the name it was uploaded or stored under: a short
 * plain one (`.mp4`, `.png`, `.srt`), lower-cased, or none.
 */
export function archiveExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

/** The folder an archived file lives in. */
export function archiveFolderOf(file: string): ArchiveFolder {
  return file.slice(0, file.indexOf('/')) as ArchiveFolder;
}
