import { describe, expect, it } from 'vitest';
import { testFfmpegBinaries } from './test-media-pipeline.ts';
import { openTestDatabase } from './test-database.ts';
import { startTestServer } from './test-server.ts';

// This file is small itself: the project it runs in says so, and what only medium tests may
// start must refuse here rather than slow the small run down unnoticed.
describe('the small tier', () => {
  it('refuses a database, an HTTP server and ffmpeg, naming the file name that allows them', async () => {
    await expect(openTestDatabase()).rejects.toThrow(
      /may not start a database.*\.medium\.test\.ts/,
    );
    await expect(startTestServer()).rejects.toThrow(/may not start an HTTP server/);
    expect(() => testFfmpegBinaries()).toThrow(/may not start ffmpeg/);
  });
});
