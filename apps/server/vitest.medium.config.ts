import { defineProject } from 'vitest/config';

/**
 * The server's medium tests (`*.medium.test.ts`): the API through real HTTP on PGlite (or on the
 * PostgreSQL of TEST_DATABASE_URL), repositories on a real database, real ffmpeg, processes and
 * sockets. A worker loads the app's modules and the migrated template once for all the files it
 * runs (isolate: false), and hands each file a database emptied back to the template's state
 * (src/test/test-database.ts): loading them again per file cost more than the tests themselves.
 */
export const mediumProject = {
  test: {
    name: 'server-medium',
    include: ['src/**/*.medium.test.ts', 'scripts/**/*.medium.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // argon2 is a native addon and PGlite a large WASM instance: separate processes keep them apart.
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
} satisfies { test: Record<string, unknown> };

export default defineProject(mediumProject);
