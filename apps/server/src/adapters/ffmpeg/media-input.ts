import { UnsupportedMediaError } from './unsupported-media-error.ts';

/*
 * How ffmpeg and ffprobe open a file that came from a user. Left to themselves they open whatever
 * a file's bytes look like, and some demuxers then open other files by name: an HLS or DASH
 * playlist, a concat script or an IMF composition reads the paths and URLs it lists (a "video" that
 * is the server's own files), an image2 pattern reads a sequence of files. So every input of a
 * user's file is opened with
 * - `-protocol_whitelist file`: it, and anything it might name, can be read only from the local
 *   disk, never over the network (http, tcp, rtp, …) or from `data:`, `subfile:`, `concat:` URLs.
 *   The pipeline's other ends (`-progress pipe:1`, the HLS and MP4 outputs) are not inputs and
 *   stay unaffected;
 * - `-format_whitelist` of the real containers below, none of which opens another file: whatever
 *   else ffmpeg finds the bytes to be is refused before its demuxer reads a header.
 * Both are options of libavformat since 2016, understood alike by Debian's ffmpeg 5.1 and the
 * npm fallback's 2018 ffmpeg and 2023 ffprobe.
 */

/**
 * The containers a video upload may be in, by ffmpeg's demuxer name (a demuxer named
 * "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm" passes by any one of its names), and why each is
 * here. Raw streams without a container (`.h264`, `.y4m`), audio-only formats, pictures and GIFs
 * are not videos as the studio takes them (`video/*`) and are refused.
 */
export const VIDEO_CONTAINERS = {
  mov: 'MP4, MOV, M4V and 3GP: phones, cameras and every editor',
  matroska: "MKV and WebM: screen recorders, OBS, browsers' MediaRecorder",
  avi: 'AVI: older cameras and editors',
  mpegts:
    'MPEG-TS (.ts, .mts, .m2ts): AVCHD camcorders and broadcast recordings, and the HLS segments the transcoder itself writes and probes',
  mpeg: 'MPEG-PS (.mpg, .vob): DVDs and capture cards',
  flv: 'FLV: older streaming and screen-capture tools',
  ogg: 'Ogg (.ogv): Theora video from free tools',
  asf: 'ASF (.wmv): Windows recorders',
  mxf: 'MXF: broadcast and cinema cameras',
  nut: "NUT: ffmpeg's own container, in which the tests and the bench write lossless sources",
} as const;

/** The demuxers of the four pictures an image upload may be (see content-checks.ts). */
const IMAGE_FORMATS = ['png_pipe', 'jpeg_pipe', 'webp_pipe', 'gif'];

function input(file: string, formats: readonly string[]): string[] {
  return [
    ...['-protocol_whitelist', 'file'],
    ...['-format_whitelist', formats.join(',')],
    ...['-i', file],
  ];
}

/** ffmpeg's or ffprobe's input options for a user's video: `-i file` and the whitelists before it. */
export function videoInput(file: string): string[] {
  return input(file, Object.keys(VIDEO_CONTAINERS));
}

/** The same for a user's picture. */
export function imageInput(file: string): string[] {
  return input(file, IMAGE_FORMATS);
}

/** The same for WebVTT the server wrote from a user's subtitles: read as WebVTT and nothing else. */
export function webVttInput(file: string): string[] {
  return ['-f', 'webvtt', ...input(file, ['webvtt'])];
}

/** Demuxers that read a list of other files or streams. */
const PLAYLISTS = new Set(['hls', 'applehttp', 'dash', 'webm_dash_manifest', 'concat', 'imf']);

/**
 * Demuxers of text that ffmpeg turns into subtitle streams, or draws as video frames (`tty`, `bin`,
 * `xbin`, `idf` and `adf` render text art).
 */
const SUBTITLES = new Set([
  ...['aqtitle', 'ass', 'dvbsub', 'dvbtxt', 'jacosub', 'lrc', 'mcc', 'microdvd', 'mpl2', 'mpsub'],
  ...['pjs', 'realtext', 'sami', 'scc', 'srt', 'stl', 'subviewer', 'subviewer1', 'sup'],
  ...['tedcaptions', 'vobsub', 'vplayer', 'webvtt'],
  ...['tty', 'bin', 'xbin', 'idf', 'adf'],
]);

/** Demuxers that read a series of pictures: by a file name pattern, one after another, animated. */
const IMAGE_SEQUENCES = new Set([
  'image2',
  'image2pipe',
  'mjpeg',
  'mjpeg_2000',
  'mpjpeg',
  'smjpeg',
  'gif',
  'apng',
]);

/** The single-picture demuxers: `png_pipe`, `jpeg_pipe`, `webp_pipe` and the like. */
const STILL_IMAGE = /_pipe$/;

export const MEDIA_INPUT_MESSAGES = {
  playlist: 'This file is a playlist, not a video.',
  subtitles: 'This file is subtitles or text, not a video.',
  imageSequence: 'This file is a sequence of pictures, not a video.',
  stillImage: 'This file is a still image, not a video.',
  unsupportedFormat: (format: string | null) =>
    `This file${format ? ` (${format})` : ''} is not in a video format Plotline takes: ` +
    'MP4, MOV, WebM, MKV, AVI, MPEG-TS, MPEG-PS, FLV, Ogg, WMV or MXF.',
} as const;

const namesOf = (formatName: string) => formatName.split(',');

/** Whether ffprobe's `format_name` is one of VIDEO_CONTAINERS. */
export function isVideoContainer(formatName: string): boolean {
  return namesOf(formatName).some((name) => Object.hasOwn(VIDEO_CONTAINERS, name));
}

/**
 * Why a file ffmpeg found to be `formatName` (null: not known) is not taken as a video, for the
 * person who uploaded it.
 */
export function formatRefusal(formatName: string | null, detail?: string): UnsupportedMediaError {
  const names = formatName ? namesOf(formatName) : [];
  const is = (set: Set<string>) => names.some((name) => set.has(name));
  if (is(PLAYLISTS)) {
    return new UnsupportedMediaError('playlist', MEDIA_INPUT_MESSAGES.playlist, detail);
  }
  if (is(SUBTITLES)) {
    return new UnsupportedMediaError('subtitles', MEDIA_INPUT_MESSAGES.subtitles, detail);
  }
  if (is(IMAGE_SEQUENCES)) {
    return new UnsupportedMediaError('image-sequence', MEDIA_INPUT_MESSAGES.imageSequence, detail);
  }
  if (names.some((name) => STILL_IMAGE.test(name))) {
    return new UnsupportedMediaError('still-image', MEDIA_INPUT_MESSAGES.stillImage, detail);
  }
  return new UnsupportedMediaError(
    'unsupported-format',
    MEDIA_INPUT_MESSAGES.unsupportedFormat(formatName),
    detail,
  );
}

/**
 * libavformat's refusal under `-format_whitelist`, logged in the context of the demuxer it found:
 * `[hls @ 0x55d0…] Format not on whitelist 'mov,…'` (`[hls,applehttp @ …]` in the 2018 build).
 */
const NOT_ON_WHITELIST = /\[([\w,]+) @ 0x[0-9a-f]+\] Format not on whitelist/;

/**
 * Playlists ffmpeg does not name as such: a plain M3U list, and the HLS and concat scripts that
 * newer builds only read under their usual extensions.
 */
const PLAYLIST_TEXT = /^(\uFEFF)?\s*(#EXTM3U|ffconcat version)/;

/**
 * Why ffprobe refused to open a user's file, when its message or the file's first bytes tell:
 * a format off the whitelist, or a playlist ffmpeg did not recognise. Null when neither does (the
 * caller's generic "cannot be read" applies).
 */
export function inputRefusal(stderr: string, head: string): UnsupportedMediaError | null {
  const refused = NOT_ON_WHITELIST.exec(stderr);
  if (refused) return formatRefusal(refused[1]!, stderr);
  if (PLAYLIST_TEXT.test(head)) {
    return new UnsupportedMediaError('playlist', MEDIA_INPUT_MESSAGES.playlist, stderr);
  }
  return null;
}
