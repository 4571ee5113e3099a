import { isInternalRole, MESSAGES } from '@plotline/core';
import type { Executor } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { AuthContext } from './caller.ts';

type Caller = Pick<AuthContext, 'role' | 'companyId'>;

/** What the guards read of a project: whose it is, and whether publishing has made it final. */
export interface GuardedProject {
  companyId: number;
  status: 'draft' | 'published';
}

/**
 * The projects repository as the guards use it. Declared here, not taken from the projects module,
 * so that the modules below it (content, series, transcoding) can guard without importing it.
 */
export interface ProjectFinder<P extends GuardedProject = GuardedProject> {
  findMovie(movieId: number): Promise<P | null>;
}
export interface ProjectLocker<P extends GuardedProject = GuardedProject> {
  lockMovie(movieId: number, tx: Executor): Promise<P | null>;
}

/** Company users reach their own company's projects; internal staff reach every company's. */
export function reachesCompany(caller: Caller, companyId: number): boolean {
  return isInternalRole(caller.role) || caller.companyId === companyId;
}

function checkReach<P extends GuardedProject>(
  movie: P | null,
  caller: Caller,
  { change }: { change: boolean },
): P {
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
export async function projectForCaller<P extends GuardedProject>(
  projects: ProjectFinder<P>,
  caller: Caller,
  movieId: number,
  { change }: { change: boolean },
): Promise<P> {
  return checkReach(await projects.findMovie(movieId), caller, { change });
}

/**
 * The project the caller may change, checked inside the change's transaction `tx` and locked until
 * it ends: changes of one project take turns, and none lands on a project published meanwhile.
 */
export async function lockProjectForChange<P extends GuardedProject>(
  projects: ProjectLocker<P>,
  caller: Caller,
  movieId: number,
  tx: Executor,
): Promise<P> {
  return checkReach(await projects.lockMovie(movieId, tx), caller, { change: true });
}
