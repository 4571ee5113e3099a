import { defineProject } from 'vitest/config';

export const playerProject = {
  test: { name: 'player', include: ['src/**/*.test.ts', 'vite/**/*.test.ts'] },
};

export default defineProject(playerProject);
