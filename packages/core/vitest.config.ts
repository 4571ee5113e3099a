import { defineProject } from 'vitest/config';

export const coreProject = { test: { name: 'core', include: ['src/**/*.test.ts'] } };

export default defineProject(coreProject);
