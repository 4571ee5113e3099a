import { MESSAGES } from '@plotline/core';
import type { Executor } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { AuthContext } from './caller.ts';
import { lockProjectForChange, reachesCompany, type ProjectLocker } from './project-access.ts';

type Caller = Pick<AuthContext, 'role' | 'companyId'>;

/** What the guards read of a clip or bridge: the company and the project it belongs to. */
export interface GuardedContent {
  companyId: number;
  movieId: number;
}

/** The contents repository as the guards use it (see `ProjectFinder`). */
export interface ContentFinder<C extends GuardedContent = GuardedContent> {
  findContent(movieContentId: number, tx?: Executor): Promise<C | null>;
}

/** The clip or bridge the caller may read, or 404 — also for another company's. */
export async function contentForCaller<C extends GuardedContent>(
  contents: ContentFinder<C>,
  caller: Caller,
  movieContentId: number,
  tx?: Executor,
): Promise<C> {
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
export async function lockContentForChange<C extends GuardedContent>(
  deps: { contents: ContentFinder<C>; projects: ProjectLocker },
  caller: Caller,
  movieContentId: number,
  tx: Executor,
): Promise<C> {
  const found = await contentForCaller(deps.contents, caller, movieContentId, tx);
  await lockProjectForChange(deps.projects, caller, found.movieId, tx);
  // Read again under the lock: a deletion that held it before us has removed the item by now.
  return contentForCaller(deps.contents, caller, movieContentId, tx);
}
