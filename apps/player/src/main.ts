import { loadWords, Texts, uiLanguageOf, type Language } from './i18n/texts.ts';
import type { Words } from './i18n/words.ts';
import { loadWatchData, studioLanguage, studioToken } from './page/load-watch-data.ts';
import { forcesMobile, shareUrl, watchAddressOf } from './page/watch-address.ts';
import { renderNotFound, renderStatusPage } from './ui/status-page.ts';
import './ui/player.css';

/**
 * The /watch page: reads what to play from the address, fetches its data in one call while the
 * player's code (the engine and hls.js, most of the page's weight) and the words of the page's
 * language load beside it, then plays.
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

/** The page in `language`: its words, and the document's language and direction following them. */
function pageTexts(language: Language, words: Words): Texts {
  const texts = new Texts(language, words);
  texts.bind(() => {
    document.documentElement.lang = texts.language;
    document.documentElement.dir = texts.dir;
  });
  return texts;
}

async function main() {
  const preview = address?.kind === 'preview';
  // The page's language: the studio's in its preview frames, else the browser's (the viewer may
  // switch it with the language menu).
  const language = uiLanguageOf([
    preview ? studioLanguage(localStorageOrNull()) : null,
    ...(navigator.languages ?? [navigator.language]),
  ]);
  const loadingWords = loadWords(language);
  if (!address) {
    renderNotFound(root, pageTexts(language, await loadingWords).words);
    return;
  }
  const [result, player, texts] = await Promise.all([
    loadWatchData(address, { token: preview ? studioToken(localStorageOrNull()) : null }),
    import('./watch-page.ts'),
    loadingWords.then((words) => pageTexts(language, words)),
  ]);
  const { words } = texts;
  switch (result.kind) {
    case 'not-found':
      renderNotFound(root, words);
      return;
    case 'forbidden':
      renderStatusPage(root, words, {
        heading: words.previewUnavailable,
        text: words.previewUnavailableText,
      });
      return;
    case 'failed':
      renderStatusPage(root, words, {
        heading: words.somethingWentWrong,
        text: result.status === null ? words.notLoaded : words.serverAnswered(result.status),
        retry: true,
      });
      return;
    case 'ok': {
      const { data } = result;
      player.mountWatchPage(root, data, {
        texts,
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
