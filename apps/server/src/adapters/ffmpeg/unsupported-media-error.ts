/**
 * Why an uploaded file cannot become a video. The API maps each reason to a 4xx answer; the
 * message is written for the person who uploaded the file.
 */
export type UnsupportedMediaReason =
  | 'empty-file'
  | 'not-media'
  | 'still-image'
  | 'no-video'
  | 'zero-duration'
  | 'truncated'
  // Not media at all, but a file of another kind (see media-input.ts):
  | 'playlist'
  | 'subtitles'
  | 'image-sequence'
  | 'unsupported-format';

export class UnsupportedMediaError extends Error {
  readonly reason: UnsupportedMediaReason;
  /** What ffmpeg or ffprobe said, for the logs; never shown to the uploader. */
  readonly detail: string | undefined;

  constructor(reason: UnsupportedMediaReason, message: string, detail?: string) {
    super(message);
    this.name = 'UnsupportedMediaError';
    this.reason = reason;
    this.detail = detail;
  }
}
