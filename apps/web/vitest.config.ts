import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Files share their worker's modules (React, MUI, the app's): loading them again for each file
    // was most of the project's time. The setup file resets what a file may leave behind: the
    // store, the mounted tree, mocks and stubbed globals.
    isolate: false,
    // Whole journeys typed through jsdom take seconds each on a busy two-core machine.
    testTimeout: 20_000,
  },
});
