import { defineProject } from 'vitest/config';

/**
 * The server's small tests (`*.test.ts`): rules and services over the fakes, no database, ffmpeg
 * or HTTP (src/test/test-tier.ts refuses them).
 */
export const serverSmallProject = {
  test: {
    name: 'server-small',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/*.medium.test.ts', '**/node_modules/**'],
    env: { PLOTLINE_TEST_TIER: 'small' },
  },
};

export default defineProject(serverSmallProject);
