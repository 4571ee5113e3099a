import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverSmallProject } from './apps/server/vitest.small.config.ts';
import { mediumProject } from './apps/server/vitest.medium.config.ts';
import { playerProject } from './apps/player/vitest.config.ts';
import { webProject } from './apps/web/vitest.config.ts';
import { coreProject } from './packages/core/vitest.config.ts';
import { sharingModules } from './vitest.isolation.ts';

/**
 * Every project of `npm test`; the tiers and what runs where are in
 * docs/decisions/0013-test-tiers.md (small: core, web, player, server-small; medium: server-medium).
 * Each project's files share their worker's modules, but for those replacing a module, which run
 * isolated in `<project>-isolated` (vitest.isolation.ts).
 */
export default defineConfig({
  test: {
    projects: [
      ...sharingModules('packages/core', coreProject),
      ...sharingModules('apps/server', serverSmallProject),
      ...sharingModules('apps/server', mediumProject),
      ...sharingModules('apps/web', webProject),
      ...sharingModules('apps/player', playerProject),
    ],
    // Vitest's default in a run is one worker fewer than the cores: a single one on a two-core
    // machine. The server's files wait on PGlite, ffmpeg and timers a good part of their time, so
    // one worker more than the cores keeps both busy (measured: 8.0 min with one, 5.6 with three).
    maxWorkers: availableParallelism() + 1,
  },
});
