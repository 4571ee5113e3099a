import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MEDIA_INPUT_MESSAGES } from '../adapters/ffmpeg/media-input.ts';
import type { UnsupportedMediaReason } from '../adapters/ffmpeg/unsupported-media-error.ts';
import type { FfmpegBinaries } from '../adapters/ffmpeg/resolve-ffmpeg.ts';
import { testClip, testMedia } from './media-fixtures.ts';

/*
 * Files that are no video but that ffmpeg, left to itself, would read as one, each meant to be sent
 * under a video's name (`<kind>.mp4`): playlists and lists naming a secret clip outside the store
 * (by its absolute path, or by a URL of a local server that counts its requests), subtitles
 * ffmpeg can draw onto video, a series of pictures. Had the server read the secret, the item
 * would have become ready with its picture; the refusal is the proof it did not.
 */

export interface DisguisedFile {
  /** Short, for test names and the name it is uploaded under (`<kind>.mp4`). */
  kind: string;
  file: string;
  reason: UnsupportedMediaReason;
  /** What the refusal says of it. */
  message: string;
}

/** A web server that would hand out the secret clip, and tells whether anyone asked. */
export interface DecoyServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startDecoyServer(secret: string): Promise<DecoyServer> {
  const bytes = await readFile(secret);
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'video/mp2t' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/secret.ts`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A 2-second clip in MPEG-TS (the kind of file an HLS playlist names), outside any store: the
 * shared fixture's path.
 */
export function secretClip(binaries: FfmpegBinaries): Promise<string> {
  return testClip(
    {
      width: 160,
      height: 90,
      seconds: 2,
      outputArgs: [
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-f',
        'mpegts',
      ],
      extension: 'ts',
    },
    { binaries },
  );
}

const hls = (segment: string) =>
  ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXTINF:2.0,', segment, '#EXT-X-ENDLIST', ''].join('\n');

/**
 * Every disguised file, naming `secret` (an absolute path) and `url`: the texts written into
 * `dir`, the pictures a shared media fixture (read only, as the others).
 */
export async function makeDisguisedFiles(
  binaries: FfmpegBinaries,
  dir: string,
  { secret, url }: { secret: string; url: string },
): Promise<DisguisedFile[]> {
  const { playlist, subtitles, imageSequence } = MEDIA_INPUT_MESSAGES;
  const texts: (Omit<DisguisedFile, 'file'> & { text: string })[] = [
    { kind: 'hls-file', reason: 'playlist', message: playlist, text: hls(secret) },
    { kind: 'hls-network', reason: 'playlist', message: playlist, text: hls(url) },
    {
      kind: 'ffconcat',
      reason: 'playlist',
      message: playlist,
      text: `ffconcat version 1.0\nfile '${secret}'\nfile '${url}'\n`,
    },
    {
      kind: 'm3u',
      reason: 'playlist',
      message: playlist,
      text: `#EXTM3U\n#EXTINF:2,Secret\n${secret}\n#EXTINF:2,Secret\n${url}\n`,
    },
    {
      kind: 'srt',
      reason: 'subtitles',
      message: subtitles,
      text: '1\n00:00:00,000 --> 00:00:02,000\nHello\n',
    },
    {
      kind: 'webvtt',
      reason: 'subtitles',
      message: subtitles,
      text: 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n',
    },
    {
      kind: 'ass',
      reason: 'subtitles',
      message: subtitles,
      text: [
        '[Script Info]',
        'ScriptType: v4.00+',
        '',
        '[V4+ Styles]',
        'Format: Name, Fontname, Fontsize',
        'Style: Default,DejaVu Sans,20',
        '',
        '[Events]',
        'Format: Layer, Start, End, Style, Text',
        'Dialogue: 0,0:00:00.00,0:00:02.00,Default,Hello',
        '',
      ].join('\n'),
    },
  ];
  const files = await Promise.all(
    texts.map(async ({ text, ...described }) => {
      const file = path.join(dir, `${described.kind}.mp4`);
      await writeFile(file, text);
      return { ...described, file };
    }),
  );
  // Ten JPEGs one after another as a web camera streams them (multipart/x-mixed-replace).
  const pictures = await testMedia(
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10'],
      ...['-frames:v', '10', '-c:v', 'mjpeg', '-f', 'mpjpeg', '-y'],
    ],
    'mp4',
    { binaries },
  );
  files.push({
    kind: 'pictures',
    file: pictures,
    reason: 'image-sequence',
    message: imageSequence,
  });
  return files;
}
