import {
  ARCHIVE_LIMITS,
  ARCHIVE_MESSAGES,
  archiveExtension,
  CONTENT_LANGUAGES,
  CONTENT_TYPE,
  formatMessage,
  plotInTreeOrder,
  STORY_ARCHIVE_FORMAT,
  STORY_ARCHIVE_VERSION,
  type ArchiveItem,
  type ArchiveNode,
  type PlotNode,
  type StoryArchive,
  type StoryVariable,
} from '@plotline/core';
import type { MovieContentRecord } from '../content/movie-contents.repository.ts';
import type { BannerImageRecord, MovieRecord } from '../projects/projects.repository.ts';
import type { ArchivedLanguageRecord } from './story-archive.repository.ts';
import { AppError } from '../../errors.ts';

/**
 * story.json both ways (docs/story-archive.md): what a project's records become in an archive,
 * and what an archive's description must hold together before an import writes anything. Ids
 * in an archive are its own (`item-1`, `node-1`); database ids never leave the server.
 */

const codeOf = (languageId: number) =>
  CONTENT_LANGUAGES.find((language) => language.language_id === languageId)?.code ?? null;
export const languageIdOf = (code: string) =>
  CONTENT_LANGUAGES.find((language) => language.code === code)!.language_id;

/** A file of the archive and the blob it is read from. */
export interface ArchivedFile {
  path: string;
  key: string;
}

export interface ProjectRecords {
  movie: MovieRecord;
  contents: MovieContentRecord[];
  languages: ArchivedLanguageRecord[];
  bannerImages: BannerImageRecord[];
  /** The storyline as the plot service reads it. */
  nodes: PlotNode[];
  variables: StoryVariable[];
}

/** A project's story.json and the files it names. */
export function storyOf(
  records: ProjectRecords,
  exportedAt: Date,
): { story: StoryArchive; files: ArchivedFile[] } {
  const { movie, contents, languages, bannerImages, variables } = records;
  const files: ArchivedFile[] = [];
  const file = (path: string, key: string) => {
    files.push({ path, key });
    return path;
  };
  const itemIdOf = new Map(contents.map((content, index) => [content.id, `item-${index + 1}`]));
  const items = contents.map((content) => {
    const id = itemIdOf.get(content.id)!;
    return {
      id,
      type: content.type === CONTENT_TYPE.clip ? ('clip' as const) : ('bridge' as const),
      file_name: content.fileName,
      media: file(`media/${id}${archiveExtension(content.fileName)}`, content.sourceKey),
      languages: languages
        .filter((language) => language.movieContentId === content.id && codeOf(language.languageId))
        .map((language) => {
          const code = codeOf(language.languageId)!;
          return {
            language: code,
            caption: language.caption,
            subtitle: language.subtitleSrtKey
              ? file(`subtitles/${id}.${code}.srt`, language.subtitleSrtKey)
              : null,
            subtitle_name: language.subtitleSrtKey ? language.subtitleName : null,
          };
        }),
    };
  });

  const ordered = plotInTreeOrder(records.nodes);
  const nodeIdOf = new Map(ordered.map((node, index) => [node.movie_plot_id, `node-${index + 1}`]));
  const linkOf = (id: number | null) => (id === null ? null : (nodeIdOf.get(id) ?? null));
  const nodes: ArchiveNode[] = ordered.map((node) => ({
    id: nodeIdOf.get(node.movie_plot_id)!,
    parent: linkOf(node.parent_id),
    item: itemIdOf.get(node.movie_content_id!)!,
    locked: node.locked === '1',
    banner: node.banner.map((entry) => ({ type: entry.type, time_start: entry.time_start })),
    condition: node.condition,
    effects: node.effects,
    branch: node.branch,
    decision_seconds: node.decision_seconds,
    default_option: linkOf(node.default_option_id),
    goto: linkOf(node.goto_id),
  }));

  const used = new Set(
    items.flatMap((item) => item.languages.map((language) => language.language)),
  );
  const primary = movie.primaryLanguageId === null ? null : codeOf(movie.primaryLanguageId);
  if (primary) used.add(primary);
  const image = (name: string, key: string | null) =>
    key === null ? null : file(`images/${name}${archiveExtension(key)}`, key);

  const story: StoryArchive = {
    format: STORY_ARCHIVE_FORMAT,
    version: STORY_ARCHIVE_VERSION,
    exported_at: exportedAt.toISOString(),
    info: {
      type: movie.type === 1 ? 'single' : 'episode',
      title: movie.title,
      synopsis: movie.synopsis,
      tags: movie.tags,
      view_mode: movie.viewMode,
    },
    languages: CONTENT_LANGUAGES.map((language) => language.code).filter((code) => used.has(code)),
    settings: { shareable: movie.shareable, primary_language: primary },
    thumbnails: {
      mobile: image('thumbnail-mobile', movie.thumbnailMobile),
      desktop: image('thumbnail-desktop', movie.thumbnailDesktop),
    },
    banner: {
      button_text: movie.buttonText,
      button_color: movie.buttonColor,
      button_text_color: movie.buttonTextColor,
      url: movie.bannerUrl,
      images: bannerImages.map((banner) => ({
        kind: banner.kind,
        file: image(`banner-${banner.kind}`, banner.imageKey)!,
      })),
    },
    items,
    storyline: { variables, nodes },
  };
  return { story, files };
}

/**
 * A file an import takes out of the archive: what it must be (each kind is checked as its upload
 * would be) and the most it may inflate to.
 */
export interface PlannedFile {
  path: string;
  kind: 'video' | 'thumbnail' | 'banner' | 'subtitle';
  limit: number;
}

const refuse = (message: string, values: Record<string, string | number>) =>
  new AppError(400, formatMessage(message, values));

/**
 * Checks what the schema cannot see, the archive's description as a whole: ids once each, every
 * id named is listed, every file named once. Answers the files to take out, in order.
 */
export function plannedFiles(story: StoryArchive): PlannedFile[] {
  const seen = new Set<string>();
  const once = (id: string) => {
    if (seen.has(id)) throw refuse(ARCHIVE_MESSAGES.duplicateId, { id });
    seen.add(id);
  };
  story.items.forEach((item) => once(item.id));
  story.storyline.nodes.forEach((node) => once(node.id));
  const itemIds = new Set(story.items.map((item) => item.id));
  const nodeIds = new Set(story.storyline.nodes.map((node) => node.id));
  for (const node of story.storyline.nodes) {
    if (!itemIds.has(node.item)) {
      throw refuse(ARCHIVE_MESSAGES.unknownItem, { node: node.id, item: node.item });
    }
    for (const other of [node.parent, node.default_option, node.goto]) {
      if (other !== null && !nodeIds.has(other)) {
        throw refuse(ARCHIVE_MESSAGES.unknownNode, { node: node.id, other });
      }
    }
  }

  story.items.forEach((item, index) => {
    const codes = item.languages.map((language) => language.language);
    const twice = codes.find((code, at) => codes.indexOf(code) !== at);
    if (twice !== undefined) {
      throw refuse(ARCHIVE_MESSAGES.storyInvalid, {
        path: `items.${index}.languages`,
        message: `${twice} is listed twice`,
      });
    }
  });
  const kinds = story.banner.images.map((banner) => banner.kind);
  const kindTwice = kinds.find((kind, at) => kinds.indexOf(kind) !== at);
  if (kindTwice !== undefined) {
    throw refuse(ARCHIVE_MESSAGES.storyInvalid, {
      path: 'banner.images',
      message: `${kindTwice} is listed twice`,
    });
  }

  const planned: PlannedFile[] = [];
  const plan = (path: string | null, kind: PlannedFile['kind'], limit: number) => {
    if (path === null) return;
    if (planned.some((file) => file.path === path)) {
      throw refuse(ARCHIVE_MESSAGES.fileNamedTwice, { path });
    }
    planned.push({ path, kind, limit });
  };
  for (const item of story.items) {
    plan(item.media, 'video', ARCHIVE_LIMITS.mediaBytes);
    for (const language of item.languages) {
      plan(language.subtitle, 'subtitle', ARCHIVE_LIMITS.subtitleBytes);
    }
  }
  plan(story.thumbnails.mobile, 'thumbnail', ARCHIVE_LIMITS.imageBytes);
  plan(story.thumbnails.desktop, 'thumbnail', ARCHIVE_LIMITS.imageBytes);
  for (const banner of story.banner.images) plan(banner.file, 'banner', ARCHIVE_LIMITS.imageBytes);
  return planned;
}

export const contentTypeOf = (item: ArchiveItem) =>
  item.type === 'clip' ? CONTENT_TYPE.clip : CONTENT_TYPE.bridge;

/**
 * The archive's storyline as the plot rules read it: items numbered 1.. in the archive's order
 * and nodes -1, -2, … (the temporary ids of nodes not saved yet), in the archive's order.
 */
export function storylineOf(story: StoryArchive): {
  nodes: PlotNode[];
  itemIndexOf: Map<string, number>;
} {
  const itemIndexOf = new Map(story.items.map((item, index) => [item.id, index + 1]));
  const tempIdOf = new Map(story.storyline.nodes.map((node, index) => [node.id, -(index + 1)]));
  const linkOf = (id: string | null) => (id === null ? null : tempIdOf.get(id)!);
  const nodes = story.storyline.nodes.map((node): PlotNode => ({
    movie_plot_id: tempIdOf.get(node.id)!,
    movie_content_id: itemIndexOf.get(node.item)!,
    parent_id: linkOf(node.parent),
    locked: node.locked ? '1' : '0',
    duration: 0,
    banner: node.banner,
    condition: node.condition,
    effects: node.effects,
    branch: node.branch,
    decision_seconds: node.decision_seconds,
    default_option_id: linkOf(node.default_option),
    goto_id: linkOf(node.goto),
  }));
  return { nodes, itemIndexOf };
}
