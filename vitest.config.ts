import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Every project of `npm test`; the tiers and what runs where are in
 * docs/decisions/0013-test-tiers.md (small: core, web, player, server-small; medium: server-medium).
 */
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'apps/server/vitest.small.config.ts',
      'apps/server/vitest.medium.config.ts',
      'apps/web',
      'apps/player',
    ],
    // Vitest's default in a run is one worker fewer than the cores: a single one on a two-core
    // machine. The server's files wait on PGlite, ffmpeg and timers a good part of their time, so
    // one worker more than the cores keeps both busy (measured: 8.0 min with one, 5.6 with three).
    maxWorkers: availableParallelism() + 1,
  },
});
