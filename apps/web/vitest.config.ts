import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export const webProject = {
  plugins: [react()],
  test: {
    name: 'web',
    // happy-dom, not jsdom: the same tests in two thirds of the time (docs/decisions/0013).
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole journeys typed through the test DOM take seconds each on a busy two-core machine.
    testTimeout: 20_000,
  },
};

export default defineProject(webProject);
