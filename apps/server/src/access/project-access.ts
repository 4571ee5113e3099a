import { isInternalRole, MESSAGES } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import type { MovieRecord, ProjectsRepository } from './projects.repository.ts';

type Caller = Pick<AuthContext, 'role' | 'companyId'>;

/** Company users reach their own company's projects; internal staff reach every company's. */
export function reachesCompany(caller: Caller, companyId: number): boolean {
  return isInternalRole(caller.role) || caller.companyId === companyId;
}

function checkReach(
  movie: MovieRecord | null,
  caller: Caller,
  { change }: { change: boolean },
): MovieRecord {
  if (!movie || !reachesCompany(caller, movie.companyId)) {
    throw new AppError(404, MESSAGES.projectNotFound);
  }
  if (change && movie.status === 'published') throw new AppError(409, MESSAGES.projectPublished);
  return movie;
}

/**
 * The project the caller may read, or 404 — also for another company's project, whose existence is
 * none of the caller's business. With `change`, a published project is refused: publishing is final.
 */
export async function projectForCaller(
  projects: Pick<ProjectsRepository, 'findMovie'>,
  caller: Caller,
  movieId: number,
  { change }: { change: boolean },
): Promise<MovieRecord> {
  return checkReach(await projects.findMovie(movieId), caller, { change });
}

/**
 * The project the caller may change, checked inside the change's transaction `tx` and locked until
 * it ends: changes of one project take turns, and none lands on a project published meanwhile.
 */
export async function lockProjectForChange(
  projects: Pick<ProjectsRepository, 'lockMovie'>,
  caller: Caller,
  movieId: number,
  tx: Executor,
): Promise<MovieRecord> {
  return checkReach(await projects.lockMovie(movieId, tx), caller, { change: true });
}
