import {
  PROJECT_TYPE,
  projectInfoSchema,
  type Project,
  type ProjectInfo,
  type ProjectType,
  type ViewMode,
} from '@plotline/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { DefaultValues, Resolver } from 'react-hook-form';

/**
 * Step 1's form: `projectInfoSchema` (core) checks it and turns it into the body of `POST /api/movie`.
 * A project is an episode (type 2) exactly when a series is chosen.
 */
export type ProjectInfoValues = {
  type: ProjectType;
  title: string;
  synopsis: string;
  tags: string[];
  /** Unset in a new project until chosen; the schema then answers 'Required'. */
  view_mode: ViewMode;
  /** The series; null for a single project. */
  movieIdParent: number | null;
  /** Null until chosen. */
  episodeNumber: number | null;
  /** The project's client, by name; empty for none. */
  client_name: string;
};

const wireResolver = zodResolver(projectInfoSchema);

/**
 * Core's `projectInfoSchema` checks the form and gives the body of `POST /api/movie`. The form says
 * "no series" and "no number" with null (react-hook-form puts a field's default back for undefined).
 */
export const projectInfoResolver = ((values: ProjectInfoValues, context, options) =>
  wireResolver(
    {
      ...values,
      movieIdParent: values.movieIdParent ?? undefined,
      episodeNumber: values.episodeNumber ?? undefined,
    },
    context,
    options as unknown as Parameters<typeof wireResolver>[2],
  )) as Resolver<ProjectInfoValues, unknown, ProjectInfo>;

/**
 * The form as the project stands on the server, or empty for a new project: a single one, or an
 * episode of `seriesId` when the wizard was opened to add one to a series (`?series={id}`).
 */
export function projectInfoValues(
  project?: Project,
  seriesId?: number,
): DefaultValues<ProjectInfoValues> {
  const episode = project?.type === PROJECT_TYPE.episode && project.movieIdParent !== null;
  const newEpisode = project === undefined && seriesId !== undefined;
  return {
    type: episode || newEpisode ? PROJECT_TYPE.episode : PROJECT_TYPE.single,
    title: project?.title ?? '',
    synopsis: project?.synopsis ?? '',
    tags: project?.tags ?? [],
    view_mode: project?.view_mode ?? undefined,
    movieIdParent: episode ? project.movieIdParent : newEpisode ? seriesId : null,
    episodeNumber: episode ? project.episodeNumber : null,
    client_name: project?.client_name ?? '',
  };
}

/** The form again after a save, and the cached project's step 1 fields, from what was saved (trimmed as the schema trims). */
export function savedValues(info: ProjectInfo): ProjectInfoValues {
  return {
    type: info.type,
    title: info.title,
    synopsis: info.synopsis,
    tags: info.tags,
    view_mode: info.view_mode,
    movieIdParent: info.movieIdParent ?? null,
    episodeNumber: info.episodeNumber ?? null,
    client_name: info.client_name ?? '',
  };
}

/**
 * The body of `POST /api/movie`: a single project carries no series fields, and only those who may
 * set the client (core `canSetProjectClient`) send it; for others the server keeps it as it is.
 */
export function toProjectInfo(
  info: ProjectInfo,
  movieId: number | undefined,
  mayChooseClient: boolean,
): ProjectInfo {
  const { movieIdParent, episodeNumber, client_name, ...rest } = info;
  return {
    ...(movieId === undefined ? {} : { movieId }),
    ...rest,
    ...(info.type === PROJECT_TYPE.episode ? { movieIdParent, episodeNumber } : {}),
    ...(mayChooseClient ? { client_name } : {}),
  };
}

/** Spec §5: the title is labelled 'Project Title' for a single project, 'Episode Title' for an episode. */
export function titleLabelKey(type: ProjectType) {
  return type === PROJECT_TYPE.episode
    ? 'projectWizard.stepOne.episodeTitle'
    : 'projectWizard.stepOne.projectTitle';
}

/**
 * Tags as the creatable select hands them over: trimmed, none empty (spec §5), each once whatever
 * its case.
 */
export function cleanTags(tags: readonly string[]): string[] {
  const kept: string[] = [];
  for (const tag of tags.map((text) => text.trim())) {
    if (tag && !kept.some((other) => other.toLowerCase() === tag.toLowerCase())) kept.push(tag);
  }
  return kept;
}
