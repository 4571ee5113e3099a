import { loadWatchData, studioToken } from './page/load-watch-data.ts';
import { forcesMobile, shareUrl, watchAddressOf } from './page/watch-address.ts';
import { renderNotFound, renderStatusPage } from './ui/status-page.ts';
import './ui/player.css';

/**
 * The /watch page: reads what to play from the address, fetches its data in one call while the
 * player's code (the engine and hls.js, most of the page's weight) loads beside it, then plays.
 */
const root = document.getElementById('app')!;
const address = watchAddressOf(location.pathname);

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

async function main() {
  if (!address) {
    renderNotFound(root);
    return;
  }
  const preview = address.kind === 'preview';
  const [result, player] = await Promise.all([
    loadWatchData(address, { token: preview ? studioToken(localStorageOrNull()) : null }),
    import('./watch-page.ts'),
  ]);
  switch (result.kind) {
    case 'not-found':
      renderNotFound(root);
      return;
    case 'forbidden':
      renderStatusPage(root, {
        heading: 'Preview unavailable',
        text: 'Sign in to the studio with an account of this project’s company to preview it.',
      });
      return;
    case 'failed':
      renderStatusPage(root, {
        heading: 'Something went wrong',
        text: result.message,
        retry: true,
      });
      return;
    case 'ok': {
      const { data } = result;
      player.mountWatchPage(root, data, {
        forceMobile: forcesMobile(location.search),
        shareUrl: data.slug && !data.preview ? shareUrl(location.origin, data.slug) : null,
        eventsUrl:
          address.kind === 'published' && !data.preview
            ? `/api/watch/${encodeURIComponent(address.slug)}/events`
            : null,
      });
    }
  }
}

void main();
