import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export const webProject = {
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole journeys typed through jsdom take seconds each on a busy two-core machine.
    testTimeout: 20_000,
  },
};

export default defineProject(webProject);
