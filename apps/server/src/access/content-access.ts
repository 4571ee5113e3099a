import { MESSAGES } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import { lockProjectForChange, reachesCompany } from '../projects/project-access.ts';
import type { ProjectsRepository } from '../projects/projects.repository.ts';
import type { MovieContentRecord, MovieContentsRepository } from './movie-contents.repository.ts';

type Caller = Pick<AuthContext, 'role' | 'companyId'>;

/** The clip or bridge the caller may read, or 404 — also for another company's. */
export async function contentForCaller(
  contents: Pick<MovieContentsRepository, 'findContent'>,
  caller: Caller,
  movieContentId: number,
  tx?: Executor,
): Promise<MovieContentRecord> {
  const content = await contents.findContent(movieContentId, tx);
  if (!content || !reachesCompany(caller, content.companyId)) {
    throw new AppError(404, MESSAGES.contentNotFound);
  }
  return content;
}

/**
 * The clip or bridge the caller may change, inside the change's transaction `tx`, with its project
 * locked until it ends (see `lockProjectForChange`).
 */
export async function lockContentForChange(
  deps: {
    contents: Pick<MovieContentsRepository, 'findContent'>;
    projects: Pick<ProjectsRepository, 'lockMovie'>;
  },
  caller: Caller,
  movieContentId: number,
  tx: Executor,
): Promise<MovieContentRecord> {
  const found = await contentForCaller(deps.contents, caller, movieContentId, tx);
  await lockProjectForChange(deps.projects, caller, found.movieId, tx);
  // Read again under the lock: a deletion that held it before us has removed the item by now.
  return contentForCaller(deps.contents, caller, movieContentId, tx);
}
