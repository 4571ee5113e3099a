import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'player',
    include: ['src/**/*.test.ts', 'vite/**/*.test.ts'],
    // Files share their worker's modules: none keeps state at module level, and the ones that fake
    // timers or stub globals undo it after each test.
    isolate: false,
  },
});
