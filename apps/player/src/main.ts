import type { WatchData } from '@plotline/core';
import { decodeStateParam, PREVIEW_STATE_PARAM } from '@plotline/core/publishing';
import { createOpeningFetch, fetchOpening } from './engine/opening.ts';
import { loadWords, Texts, uiLanguageOf, type Language } from './i18n/texts.ts';
import type { Words } from './i18n/words.ts';
import { loadWatchData, studioLanguage, studioToken } from './page/load-watch-data.ts';
import { loadResumeState, takeResumeParam, type ResumeLinkResult } from './page/resume-api.ts';
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

/**
 * The opening's master playlist (the plot's root, as buildStory finds it), absolute as the player
 * asks for it; null when there is none.
 */
function openingUrl(data: WatchData): string | null {
  const items = new Map(data.items.map((item) => [item.movie_content_id, item]));
  for (const node of data.plot) {
    const item = node.parent_id === null ? items.get(node.movie_content_id) : undefined;
    if (item) return item.hls_url ? new URL(item.hls_url, location.href).href : null;
  }
  return null;
}

/** Where the engine plays over Media Source Extensions (hls.js), which can use what is fetched early. */
const hasMediaSource = () => 'MediaSource' in window || 'ManagedMediaSource' in window;

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
  // The opening's playlists and first segment are fetched as soon as the data names them, while
  // the player's code (most of the page's weight) may still be loading: one step off the way to
  // the first frame. The engine takes them over.
  const opening = createOpeningFetch();
  const loadingData = loadWatchData(address, {
    token: preview ? studioToken(localStorageOrNull()) : null,
  }).then((result) => {
    const url = result.kind === 'ok' && hasMediaSource() ? openingUrl(result.data) : null;
    if (url) fetchOpening(opening, url).catch(() => {});
    return result;
  });
  // A resume link's state, fetched beside the data; the token leaves the address at once.
  const token = address.kind === 'published' ? takeResumeParam(location, history) : null;
  const loadingResume: Promise<ResumeLinkResult | null> =
    token !== null && address.kind === 'published'
      ? loadResumeState(address.slug, token)
      : Promise.resolve(null);
  // The embed page's bridge to its host (the player API): a chunk of its own, never /watch's.
  const embedded = address.kind === 'published' && address.embed === true;
  const [result, player, texts, resumeLink, bridge] = await Promise.all([
    loadingData,
    import('./watch-page.ts'),
    loadingWords.then((words) => pageTexts(language, words)),
    loadingResume,
    embedded ? import('./embed/embed-bridge.ts') : null,
  ]);
  if (bridge) document.documentElement.classList.add('is-embed');
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
      const published = address.kind === 'published' && !data.preview;
      // A preview may start anywhere: the studio's "Play every path" writes `?state=`.
      const stateParam = preview
        ? new URLSearchParams(location.search).get(PREVIEW_STATE_PARAM)
        : null;
      player.mountWatchPage(root, data, {
        texts,
        forceMobile: forcesMobile(location.search),
        shareUrl: data.slug && !data.preview ? shareUrl(location.origin, data.slug) : null,
        sendEvents:
          address.kind === 'published' && !data.preview
            ? player.viewEventsSender(`/api/watch/${encodeURIComponent(address.slug)}/events`)
            : null,
        opening,
        resumeSlug: published ? address.slug : null,
        resumeLink: published && resumeLink?.kind !== 'failed' ? resumeLink : null,
        ...(stateParam ? { startState: decodeStateParam(stateParam) } : {}),
        ...(bridge
          ? {
              connectHost: (storyPlayer) => {
                const host = new bridge.EmbedBridge(bridge.embedOriginsOf(document), window);
                host.connect(storyPlayer);
                return (event) => host.tell(event);
              },
            }
          : {}),
      });
    }
  }
}

void main();
