import { describe, expect, it } from 'vitest';
import { resolveFfmpeg } from './resolve-ffmpeg.ts';

describe('finding ffmpeg', () => {
  it('finds ffmpeg and ffprobe on PATH when no path is configured', async () => {
    const binaries = await resolveFfmpeg();
    expect(binaries).toMatchObject({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    expect(binaries.ffmpegVersion).toMatch(/^ffmpeg version /);
  });

  it('uses the configured paths', async () => {
    const binaries = await resolveFfmpeg({
      ffmpegPath: '/usr/bin/ffmpeg',
      ffprobePath: '/usr/bin/ffprobe',
    });
    expect(binaries).toMatchObject({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' });
  });

  it('fails with a message naming the setting when a configured path is wrong', async () => {
    await expect(resolveFfmpeg({ ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(
      /No working ffmpeg: FFMPEG_PATH \(\/nonexistent\/ffmpeg\): not found\. .*set FFMPEG_PATH/,
    );
  });

  it('refuses a configured path that is some other program', async () => {
    await expect(resolveFfmpeg({ ffprobePath: '/usr/bin/ffmpeg' })).rejects.toThrow(
      /FFPROBE_PATH \(\/usr\/bin\/ffmpeg\) is not ffprobe/,
    );
  });
});
