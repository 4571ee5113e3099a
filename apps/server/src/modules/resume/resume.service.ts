import { createHash, randomBytes } from 'node:crypto';
import {
  MESSAGES,
  RESUME_DAYS,
  RESUME_TOKEN_PATTERN,
  type ResumeToken,
  type StoryState,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { ProjectsRepository } from '../projects/projects.repository.ts';
import type { ResumeRepository } from './resume.repository.ts';

const DAY_MS = 86_400_000;

/**
 * Expired states deleted by each save. A save adds one row and takes up to this many expired
 * ones away, so the table never holds more than the states of the last RESUME_DAYS days for long.
 */
const EXPIRED_DELETED_PER_SAVE = 100;

/** Only the hash is stored: the table alone never lets anyone continue a viewing. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Resume tokens: a published story's viewing state kept behind an opaque token, so a viewer can
 * continue on another device. The state is the player's (core `storyStateSchema`) and is not read
 * here; nothing of the viewer is kept, not even an address.
 */
export function createResumeService(deps: {
  projects: Pick<ProjectsRepository, 'findPublishedBySlug'>;
  states: Pick<ResumeRepository, 'insertState' | 'findState' | 'deleteExpired'>;
  clock: Clock;
}) {
  const { projects, states, clock } = deps;

  async function publishedMovieId(slug: string): Promise<number> {
    const movie = await projects.findPublishedBySlug(slug);
    // A draft's address answers as an unknown one, as the player's other calls do.
    if (!movie) throw new AppError(404, MESSAGES.watchNotFound);
    return movie.id;
  }

  return {
    /** Keeps the state for RESUME_DAYS days behind a new token of 24 random bytes (32 characters). */
    async save(slug: string, state: StoryState): Promise<ResumeToken> {
      const movieId = await publishedMovieId(slug);
      const now = clock.now();
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now.getTime() + RESUME_DAYS * DAY_MS);
      await states.insertState({
        tokenHash: hashOf(token),
        movieId,
        state,
        createdAt: now,
        expiresAt,
      });
      await states.deleteExpired(now, EXPIRED_DELETED_PER_SAVE);
      return { token, expires_at: expiresAt.toISOString() };
    },

    /** The state behind a token of this story; unknown, expired or another story's: 404. */
    async load(slug: string, token: string): Promise<{ state: StoryState }> {
      const movieId = await publishedMovieId(slug);
      const state = RESUME_TOKEN_PATTERN.test(token)
        ? await states.findState(hashOf(token), movieId, clock.now())
        : null;
      if (!state) throw new AppError(404, MESSAGES.resumeNotFound);
      return { state };
    },
  };
}

export type ResumeService = ReturnType<typeof createResumeService>;
