export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares the watch link: the system's share sheet where there is one, else the clipboard (the
 * page then says 'Link copied to clipboard!').
 */
export async function shareLink(
  url: string,
  title: string,
  nav: Pick<Navigator, 'share' | 'clipboard'> = navigator,
): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no permission, not allowed in a frame): the clipboard may still do.
    }
  }
  try {
    await nav.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
