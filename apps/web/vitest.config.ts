import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export const webProject = {
  plugins: [react()],
  test: {
    name: 'web',
    // happy-dom, not jsdom: the same tests in two thirds of the time (docs/decisions/0013).
    environment: 'happy-dom',
    // A frame (step 4's preview) gets a window of its own but never loads its page: no test reaches
    // the network, and no refusal is printed for each frame, as happy-dom does when frames are off.
    environmentOptions: {
      happyDOM: {
        settings: {
          enableIframePageLoading: true,
          navigation: { disableChildFrameNavigation: true },
        },
      },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole journeys typed through the test DOM take seconds each on a busy two-core machine.
    testTimeout: 20_000,
  },
};

export default defineProject(webProject);
