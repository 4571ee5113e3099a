import type { StoryVariable } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import type {
  MovieRecord,
  ProjectsRepository,
} from '../../modules/projects/projects.repository.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';

/** A row of the fake `movies` table: the project and its storyline's version and variables. */
export type FakeMovieRow = MovieRecord & { plotVersion: number; storyVariables: StoryVariable[] };

export type FakeMovies = FakeTable<FakeMovieRow>;

const asRecord = ({
  plotVersion: _version,
  storyVariables: _variables,
  ...movie
}: FakeMovieRow): MovieRecord => movie;

/** The parts of the projects repository the plot, publishing and transcoding services take. */
export function createFakeProjects(db: FakeDatabase, movies: FakeMovies) {
  return {
    async findMovie(id: number, tx?: Executor): Promise<MovieRecord | null> {
      const row = movies.find(id, tx);
      return row && asRecord(row);
    },

    /** Waits for the project's row lock, then reads it as committed by then (FOR NO KEY UPDATE). */
    async lockMovie(id: number, tx: Executor): Promise<MovieRecord | null> {
      await db.lock(`movies:${id}`, tx);
      const row = movies.find(id, tx);
      return row && asRecord(row);
    },

    async markPublished(id: number, at: Date, tx?: Executor): Promise<void> {
      await db.lock(`movies:${id}`, tx);
      movies.update(id, { status: 'published', publishedAt: at }, tx);
    },

    async confirmPaths(
      id: number,
      confirmation: { version: number },
      _at: Date,
      tx?: Executor,
    ): Promise<void> {
      await db.lock(`movies:${id}`, tx);
      movies.update(id, { pathsConfirmedVersion: confirmation.version }, tx);
    },
  } satisfies Pick<
    ProjectsRepository,
    'findMovie' | 'lockMovie' | 'markPublished' | 'confirmPaths'
  >;
}

export type FakeProjects = ReturnType<typeof createFakeProjects>;
