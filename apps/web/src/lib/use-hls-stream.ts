import { useEffect, useState } from 'react';

/** The HLS playlist type; Safari and most phone browsers play it in a plain video element. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

export type HlsSupport = 'native' | 'library' | 'none';

/**
 * How this browser can play HLS: by itself, through hls.js (Media Source Extensions), or not at all.
 * hls.js is loaded only where it is needed, so browsers that play HLS never download it.
 */
export function hlsSupport(): HlsSupport {
  if (document.createElement('video').canPlayType(HLS_TYPE) !== '') return 'native';
  return typeof window.MediaSource === 'function' ? 'library' : 'none';
}

/**
 * Plays the HLS stream at `url` in `video` (an element kept in state through a callback ref: inside
 * a portal it appears after its owner's first effects), natively or through hls.js (its light build:
 * no alternate audio or subtitles in the stream, which ours never carry). Returns whether the stream
 * failed to load.
 */
export function useHlsStream(
  video: HTMLVideoElement | null,
  url: string,
  support: HlsSupport,
): { failed: boolean } {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!video || support === 'none') return;
    if (support === 'native') {
      video.src = url;
      return () => video.removeAttribute('src');
    }
    let destroy = () => {};
    let cancelled = false;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled) return;
      const hls = new Hls();
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setFailed(true);
      });
      hls.loadSource(url);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [video, url, support]);
  return { failed };
}
