import { defineProject } from 'vitest/config';

/**
 * The server's medium tests (`*.medium.test.ts`): the API through real HTTP on PGlite (or on the
 * PostgreSQL of TEST_DATABASE_URL), repositories on a real database, real ffmpeg, processes and
 * sockets. A test server hands its PGlite back when it closes, and the worker's next server takes
 * it emptied (src/test/test-database.ts) rather than starting another from the template's dump.
 */
export const mediumProject = {
  test: {
    name: 'server-medium',
    include: ['src/**/*.medium.test.ts', 'scripts/**/*.medium.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Vitest's default pool, a process per worker. Its files share the worker's modules (see
    // vitest.shared.ts) and its idle PGlite instances (src/test/test-database.ts).
    pool: 'forks',
    // A test's vi.stubEnv ends with it: the worker's later files share its process.
    unstubEnvs: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
} satisfies { test: Record<string, unknown> };

export default defineProject(mediumProject);
