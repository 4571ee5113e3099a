import { formatRefusal, isVideoContainer } from './media-input.ts';
import { UnsupportedMediaError } from './unsupported-media-error.ts';

export interface VideoStreamInfo {
  /** Stored size, before rotation. */
  width: number;
  height: number;
  /**
   * Size as shown, in square pixels: the stored width stretched by the sample aspect ratio (a
   * camera's anamorphic 1440x1080 at 4:3 shows as 1920x1080), then turned by the rotation metadata
   * (phones store portrait sideways).
   */
  displayWidth: number;
  displayHeight: number;
  /** Average frames per second; variable-rate clips report their mean. */
  frameRate: number;
  codec: string;
  pixelFormat: string;
  /** As ffprobe names them ("High", "Main 10") and as level_idc (40 for 4.0); null when unknown. */
  profile: string | null;
  level: number | null;
  /** The video track's own length, which may be shorter than the file's; null when not recorded. */
  durationSeconds: number | null;
}

export interface AudioStreamInfo {
  codec: string;
  channels: number;
}

/** A file that can become a video: probing refuses anything without a picture. */
export interface MediaProbe {
  durationSeconds: number;
  video: VideoStreamInfo;
  audio: AudioStreamInfo | null;
  formatName: string;
}

/** The parts of `ffprobe -print_format json -show_format -show_streams` that are read. */
interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: ProbeStreamJson[];
}

interface ProbeStreamJson {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  pix_fmt?: string;
  /** "4:3"; "0:1" or absent when the container does not say (square). */
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

function positiveNumber(text: string | undefined): number | null {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

function rate(text: string | undefined): number | null {
  const [numerator, denominator] = (text ?? '').split('/').map(Number);
  if (!numerator || !denominator) return null;
  return numerator / denominator;
}

function rotationOf(stream: ProbeStreamJson): number {
  const matrix = stream.side_data_list?.find((data) => data.side_data_type === 'Display Matrix');
  return matrix?.rotation ?? Number(stream.tags?.rotate ?? 0);
}

/** The width of a stored pixel over its height; 1 when unknown or absurd. */
function sampleAspectRatio(stream: ProbeStreamJson): number {
  const ratio = rate(stream.sample_aspect_ratio?.replace(':', '/'));
  return ratio !== null && ratio >= 0.1 && ratio <= 10 ? ratio : 1;
}

function readVideo(stream: ProbeStreamJson): VideoStreamInfo {
  const width = stream.width ?? 0;
  const height = stream.height ?? 0;
  const shownWidth = Math.max(1, Math.round(width * sampleAspectRatio(stream)));
  const sideways = Math.abs(Math.round(rotationOf(stream))) % 180 === 90;
  return {
    width,
    height,
    displayWidth: sideways ? height : shownWidth,
    displayHeight: sideways ? shownWidth : height,
    frameRate: rate(stream.avg_frame_rate) ?? rate(stream.r_frame_rate) ?? 0,
    codec: stream.codec_name ?? 'unknown',
    pixelFormat: stream.pix_fmt ?? 'unknown',
    profile: stream.profile ?? null,
    level: stream.level !== undefined && stream.level > 0 ? stream.level : null,
    durationSeconds: positiveNumber(stream.duration),
  };
}

/**
 * Reads ffprobe's JSON into what the pipeline needs, refusing what cannot become a video: a file in
 * no video container (ffprobe run with videoInput refuses those itself; a PNG renamed .mp4 is
 * still found to be a PNG), a file without a video track (cover art of an audio file does not
 * count), or no duration.
 */
export function readProbeJson(json: ProbeJson): MediaProbe {
  const formatName = json.format?.format_name ?? 'unknown';
  const streams = json.streams ?? [];
  if (!isVideoContainer(formatName)) throw formatRefusal(formatName, formatName);
  const videoStream = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  if (!videoStream) {
    const hasAudio = streams.some((stream) => stream.codec_type === 'audio');
    throw new UnsupportedMediaError(
      'no-video',
      hasAudio
        ? 'This file has sound but no picture: upload a video.'
        : 'This file has no video track.',
      formatName,
    );
  }
  const video = readVideo(videoStream);
  if (video.width <= 0 || video.height <= 0) {
    throw new UnsupportedMediaError(
      'not-media',
      'The picture of this video cannot be read.',
      `${video.codec} ${video.width}x${video.height}`,
    );
  }
  const durationSeconds = positiveNumber(json.format?.duration) ?? video.durationSeconds;
  if (durationSeconds === null) {
    throw new UnsupportedMediaError('zero-duration', 'This video has no length.', formatName);
  }
  const audioStream = streams.find((stream) => stream.codec_type === 'audio');
  return {
    durationSeconds,
    video,
    audio: audioStream
      ? { codec: audioStream.codec_name ?? 'unknown', channels: audioStream.channels ?? 0 }
      : null,
    formatName,
  };
}
