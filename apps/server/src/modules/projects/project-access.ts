import { isInternalRole, MESSAGES } from '@plotline/core';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import type { MovieRecord, ProjectsRepository } from './projects.repository.ts';

type Caller = Pick<AuthContext, 'role' | 'companyId'>;

/** Company users reach their own company's projects; internal staff reach every company's. */
export function reachesCompany(caller: Caller, companyId: number): boolean {
  return isInternalRole(caller.role) || caller.companyId === companyId;
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
  const movie = await projects.findMovie(movieId);
  if (!movie || !reachesCompany(caller, movie.companyId)) {
    throw new AppError(404, MESSAGES.projectNotFound);
  }
  if (change && movie.status === 'published') throw new AppError(409, MESSAGES.projectPublished);
  return movie;
}
