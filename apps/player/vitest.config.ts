import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'player', include: ['src/**/*.test.ts', 'vite/**/*.test.ts'] },
});
