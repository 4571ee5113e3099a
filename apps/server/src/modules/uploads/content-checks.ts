import { readFile } from 'node:fs/promises';
import { formatMessage, MESSAGES } from '@plotline/core';
import { fileTypeFromFile } from 'file-type';
import { imageSizeFromFile } from 'image-size/fromFile';
import type { Ffmpeg } from '../../adapters/ffmpeg/ffmpeg.ts';
import { imageInput } from '../../adapters/ffmpeg/media-input.ts';
import { ProcessFailedError } from '../../adapters/ffmpeg/run-process.ts';
import { fileRefusal } from '../content/video-check.ts';
import { SubtitleParseError, srtToWebVtt } from '../transcoding/subtitles.ts';

/** Names as uploaders give them may hold paths, control characters and any script; only the last is kept. */
export function displayFileName(clientName: string, fallback: string): string {
  const base = clientName.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = clean === '.' || clean === '..' ? '' : clean;
  return name === '' ? fallback : [...name].slice(0, 200).join('');
}

const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

export interface CheckedImage {
  extension: (typeof IMAGE_TYPES)[keyof typeof IMAGE_TYPES];
  width: number;
  height: number;
}

/**
 * An image is accepted when its bytes say PNG, JPEG, WebP or GIF and its first frame decodes
 * whole: a truncated or corrupt picture is refused, whatever its header claims.
 */
export async function checkImage(
  ffmpeg: Ffmpeg,
  file: string,
  name: string,
): Promise<CheckedImage> {
  const type = await fileTypeFromFile(file);
  const extension = type && IMAGE_TYPES[type.mime as keyof typeof IMAGE_TYPES];
  if (!extension) throw fileRefusal(name, MESSAGES.notAnImage);
  try {
    await ffmpeg.run(['-xerror', ...imageInput(file), '-frames:v', '1', '-f', 'null', '-'], {
      timeoutMs: 30_000,
    });
    const { width, height } = await imageSizeFromFile(file);
    return { extension, width, height };
  } catch (error) {
    if (error instanceof ProcessFailedError || error instanceof TypeError) {
      throw fileRefusal(name, MESSAGES.notAnImage);
    }
    throw error;
  }
}

/** At most this much subtitle text is read; a real subtitle file is far smaller. */
const SUBTITLE_MAX_BYTES = 2_000_000;

/**
 * A subtitle is accepted when it parses as SRT (a BOM, CRLF line ends and trailing blank lines are
 * fine); returns its WebVTT for browsers. Refusals say which cue is wrong.
 */
export async function checkSubtitle(
  file: string,
  bytes: number,
  name: string,
): Promise<{ srt: Buffer; vtt: string }> {
  if (!/\.srt$/i.test(name)) throw fileRefusal(name, MESSAGES.subtitleNotSrt);
  if (bytes > SUBTITLE_MAX_BYTES) {
    throw fileRefusal(
      name,
      formatMessage(MESSAGES.subtitleUnreadable, { reason: 'it is too large' }),
    );
  }
  const srt = await readFile(file);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(srt);
  try {
    return { srt, vtt: srtToWebVtt(text) };
  } catch (error) {
    if (error instanceof SubtitleParseError) {
      throw fileRefusal(
        name,
        formatMessage(MESSAGES.subtitleUnreadable, { reason: error.message }),
        400,
      );
    }
    throw error;
  }
}
