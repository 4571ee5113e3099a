import { directionOf } from '@plotline/core/ui';
import { loadAppWords } from '../i18n/app-words.ts';
import { loadWords } from '../i18n/texts.ts';
import { AppApi } from './app-api.ts';
import { ReferenceApp } from './reference-app.ts';
import { APP_PATH } from './routes.ts';
import { viewerLanguage, viewerPlatform } from './viewer-device.ts';
import './app.css';

function storageOrNull(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** Starts the app: the viewer's platform and language, their words, then the screen asked for. */
async function main() {
  const storage = storageOrNull('localStorage');
  const device = {
    search: location.search,
    storage,
    userAgent: navigator.userAgent,
    touchPoints: navigator.maxTouchPoints,
    languages: navigator.languages ?? [navigator.language],
  };
  const platform = viewerPlatform(device);
  const language = viewerLanguage(device);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  const api = new AppApi({ platform, language, storage });
  const [words, playerWords] = await Promise.all([loadAppWords(language), loadWords(language)]);
  new ReferenceApp({
    api,
    language,
    words,
    playerWords,
    session: storageOrNull('sessionStorage'),
  }).start(document.getElementById('app')!);
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    // The app's shell, for a start without the network; never media or the API's answers.
    navigator.serviceWorker
      .register(`${APP_PATH}/sw.js`, { scope: `${APP_PATH}/` })
      .catch(() => {});
  }
}

void main();
