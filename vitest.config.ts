import { defineConfig } from 'vitest/config';
import { serverSmallProject } from './apps/server/vitest.small.config.ts';
import { mediumProject } from './apps/server/vitest.medium.config.ts';
import { playerProject } from './apps/player/vitest.config.ts';
import { webProject } from './apps/web/vitest.config.ts';
import { coreProject } from './packages/core/vitest.config.ts';
import { sharingModules, TEST_WORKERS } from './vitest.shared.ts';

/**
 * Every project of `npm test`; the tiers and what runs where are in
 * docs/decisions/0013-test-tiers.md (small: core, web, player, server-small; medium: server-medium).
 * Each project's files share their worker's modules, but for those replacing a module, which run
 * isolated in `<project>-isolated` (vitest.shared.ts).
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
    maxWorkers: TEST_WORKERS,
  },
});
