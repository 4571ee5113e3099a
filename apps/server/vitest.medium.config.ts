import { defineProject } from 'vitest/config';

/**
 * The server's medium tests (`*.medium.test.ts`): the API through real HTTP on PGlite (or on the
 * PostgreSQL of TEST_DATABASE_URL), repositories on a real database, real ffmpeg, processes and
 * sockets. A test server hands its PGlite back when it closes, and the file's next server takes
 * it emptied (src/test/test-database.ts) rather than starting another from the template's dump.
 */
export const mediumProject = {
  test: {
    name: 'server-medium',
    include: ['src/**/*.medium.test.ts', 'scripts/**/*.medium.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // A process per file, Vitest's default: a file's servers, workers,
    // ffmpeg runs and PGlite instances end with it.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
} satisfies { test: Record<string, unknown> };

export default defineProject(mediumProject);
