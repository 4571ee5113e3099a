import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share-link.ts';

const URL = 'https://plotline.test/watch/the-fork';

function clipboard(fails = false) {
  return {
    writeText: vi.fn(async () => (fails ? Promise.reject(new Error('denied')) : undefined)),
  } as unknown as Clipboard;
}

describe('shareLink', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn(async () => {});
    expect(await shareLink(URL, 'The fork', { share, clipboard: clipboard() })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'The fork', url: URL });
  });

  it('copies the link where there is none, or the sheet is refused', async () => {
    const copy = clipboard();
    expect(
      await shareLink(URL, 'The fork', {
        share: undefined as unknown as Navigator['share'],
        clipboard: copy,
      }),
    ).toBe('copied');
    expect(copy.writeText).toHaveBeenCalledWith(URL);
    const refused = vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError')));
    expect(await shareLink(URL, 'The fork', { share: refused, clipboard: clipboard() })).toBe(
      'copied',
    );
  });

  it('does nothing more when the viewer cancels the sheet, and says when copying failed', async () => {
    const cancelled = vi.fn(async () => Promise.reject(new DOMException('no', 'AbortError')));
    const copy = clipboard();
    expect(await shareLink(URL, 'The fork', { share: cancelled, clipboard: copy })).toBe(
      'cancelled',
    );
    expect(copy.writeText).not.toHaveBeenCalled();
    expect(
      await shareLink(URL, 'x', {
        share: undefined as unknown as Navigator['share'],
        clipboard: clipboard(true),
      }),
    ).toBe('failed');
  });
});
