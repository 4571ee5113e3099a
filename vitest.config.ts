import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web', 'apps/player'],
    // Vitest's default in a run is one worker fewer than the cores: a single one on a two-core
    // machine. The server's files wait on PGlite, ffmpeg and timers a good part of their time, so
    // one worker more than the cores keeps both busy (measured: 8.0 min with one, 5.6 with three).
    maxWorkers: availableParallelism() + 1,
  },
});
