import { render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hlsSupport, useHlsStream, type HlsSupport } from './use-hls-stream.ts';

const hls = vi.hoisted(() => ({
  instances: [] as {
    loadSource: ReturnType<typeof vi.fn>;
    attachMedia: ReturnType<typeof vi.fn>;
    destroy: ReturnType<typeof vi.fn>;
    fail: () => void;
  }[],
}));

vi.mock('hls.js/light', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    loadSource = vi.fn();
    attachMedia = vi.fn();
    destroy = vi.fn();
    #onError: ((event: string, data: { fatal: boolean }) => void) | null = null;
    constructor() {
      hls.instances.push({
        loadSource: this.loadSource,
        attachMedia: this.attachMedia,
        destroy: this.destroy,
        fail: () => this.#onError?.('hlsError', { fatal: true }),
      });
    }
    on(_event: string, listener: (event: string, data: { fatal: boolean }) => void) {
      this.#onError = listener;
    }
  }
  return { default: FakeHls };
});

function Player({ url, support }: { url: string; support: HlsSupport }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const { failed } = useHlsStream(video, url, support);
  return (
    <>
      <video ref={setVideo} data-testid="video" />
      {failed && <p>failed</p>}
    </>
  );
}

afterEach(() => {
  hls.instances.length = 0;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('hlsSupport', () => {
  it('prefers the browser, then hls.js where Media Source Extensions exist, else none', () => {
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    expect(hlsSupport()).toBe('native');
    canPlay.mockReturnValue('');
    vi.stubGlobal('MediaSource', undefined);
    expect(hlsSupport()).toBe('none');
    vi.stubGlobal('MediaSource', function MediaSource() {});
    expect(hlsSupport()).toBe('library');
  });
});

describe('useHlsStream', () => {
  it('hands the playlist to the video element where the browser plays HLS', () => {
    const { getByTestId } = render(<Player url="/api/media/hls/a/master.m3u8" support="native" />);
    expect((getByTestId('video') as HTMLVideoElement).getAttribute('src')).toBe(
      '/api/media/hls/a/master.m3u8',
    );
    expect(hls.instances).toEqual([]);
  });

  it('plays through hls.js elsewhere, reports a fatal error, and lets go on unmount', async () => {
    const { getByTestId, findByText, unmount } = render(
      <Player url="/api/media/hls/b/master.m3u8" support="library" />,
    );
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const [instance] = hls.instances;
    expect(instance!.loadSource).toHaveBeenCalledWith('/api/media/hls/b/master.m3u8');
    expect(instance!.attachMedia).toHaveBeenCalledWith(getByTestId('video'));
    instance!.fail();
    await findByText('failed');
    unmount();
    expect(instance!.destroy).toHaveBeenCalled();
  });
});
