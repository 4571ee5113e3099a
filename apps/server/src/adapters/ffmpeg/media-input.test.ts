import { describe, expect, it } from 'vitest';
import { imageInput, videoInput, webVttInput } from './media-input.ts';

describe("a user's file as ffmpeg's input", () => {
  // The format whitelist already keeps out the demuxers that open other files, so no run with a
  // real file tells whether the protocol whitelist is there: it is what still holds if a taken
  // container ever learns to follow a reference.
  it.each([
    ['a video', videoInput],
    ['a picture', imageInput],
    ['WebVTT', webVttInput],
  ])('%s is read from the local disk alone', (_kind, inputOf) => {
    const args = inputOf('upload.bin');
    const whitelist = args.indexOf('-protocol_whitelist');
    expect(whitelist).toBeGreaterThanOrEqual(0);
    expect(whitelist).toBeLessThan(args.indexOf('-i'));
    expect(args[whitelist + 1]).toBe('file');
  });
});
