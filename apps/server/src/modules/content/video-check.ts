import { formatMessage, MESSAGES } from '@plotline/core';
import type { Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import type { MediaProbe } from '../../adapters/ffmpeg/media-probe.ts';
import {
  UnsupportedMediaError,
  type UnsupportedMediaReason,
} from '../../adapters/ffmpeg/unsupported-media-error.ts';
import { AppError } from '../../errors.ts';

/** A refusal naming the file, so a multi-file upload says which one was refused. */
export function fileRefusal(file: string, reason: string, status = 415): AppError {
  return new AppError(status, formatMessage(MESSAGES.fileRefused, { file, reason }));
}

/**
 * Files that are no media at all, a bad request (400): nothing, or a playlist, subtitles, pictures
 * or another format off the list of containers. Media that cannot become a video (a still, sound
 * only, a damaged file) is unsupported media (415).
 */
const NOT_MEDIA = new Set<UnsupportedMediaReason>([
  'empty-file',
  'playlist',
  'subtitles',
  'image-sequence',
  'unsupported-format',
]);

/**
 * The probe of a video, or a 4xx naming the file: the content decides, never the name. Every way a
 * file becomes an item's source (upload, tus, story import) and a retry of a stored one ask this.
 */
export async function checkVideo(ffmpeg: Ffmpeg, file: string, name: string): Promise<MediaProbe> {
  try {
    return await ffmpeg.probe(file);
  } catch (error) {
    if (error instanceof UnsupportedMediaError) {
      throw fileRefusal(name, error.message, NOT_MEDIA.has(error.reason) ? 400 : 415);
    }
    throw error;
  }
}
