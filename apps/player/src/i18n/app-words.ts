import type { Language } from '@plotline/core/ui';

/**
 * The reference app's own words (`/m`), in English; the player's words (`words.ts`) serve the
 * player and the status pages. Each other language is its own small chunk (`app-locales/`),
 * fetched only by the viewers who read it, as the player's are; the /watch page carries none.
 */
export const appEn = {
  appName: 'Plotline',
  skipToContent: 'Skip to content',
  home: 'Home',
  stories: 'Stories',
  featured: 'Featured',
  previous: 'Previous',
  next: 'Next',
  latest: 'Latest',
  loadMore: 'Load more',
  loading: 'Loading…',
  series: 'Series',
  episodes: (count: number) => (count === 1 ? '1 episode' : `${count} episodes`),
  episode: (number: number) => `Episode ${number}`,
  back: 'Back',
  nothingYet: 'No stories yet',
  nothingYetText: 'Stories published to the app will appear here.',
  pageNotFound: 'Page not found',
  pageNotFoundText: 'There is nothing at this address in the app.',
  storiesNotLoaded: 'The stories could not be loaded. Check your connection.',
  seriesNotFound: 'Series not found',
  seriesNotFoundText: 'This series is not in the app, or no longer.',
};

export type AppWords = {
  readonly [K in keyof typeof appEn]: (typeof appEn)[K] extends string ? string : (typeof appEn)[K];
};

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ appWords: AppWords }>> = {
  de: () => import('./app-locales/de.ts'),
  es: () => import('./app-locales/es.ts'),
  id: () => import('./app-locales/id.ts'),
  zh: () => import('./app-locales/zh.ts'),
  ar: () => import('./app-locales/ar.ts'),
};

/** The app's words in `language`; English when its chunk cannot be fetched. */
export async function loadAppWords(language: Language): Promise<AppWords> {
  if (language === 'en') return appEn;
  try {
    return (await LOADERS[language]()).appWords;
  } catch {
    return appEn;
  }
}
