import type { AppWords } from '../app-words.ts';

export const appWords: AppWords = {
  appName: 'Plotline',
  skipToContent: 'Zum Inhalt springen',
  home: 'Startseite',
  stories: 'Geschichten',
  featured: 'Empfohlen',
  latest: 'Neueste',
  loadMore: 'Mehr laden',
  loading: 'Wird geladen …',
  series: 'Serie',
  episodes: (count) => (count === 1 ? '1 Folge' : `${count} Folgen`),
  episode: (number) => `Folge ${number}`,
  back: 'Zurück',
  nothingYet: 'Noch keine Geschichten',
  nothingYetText: 'Geschichten, die in der App veröffentlicht werden, erscheinen hier.',
  pageNotFound: 'Seite nicht gefunden',
  pageNotFoundText: 'Unter dieser Adresse gibt es in der App nichts.',
  storiesNotLoaded: 'Die Geschichten konnten nicht geladen werden. Prüfe deine Verbindung.',
  seriesNotFound: 'Serie nicht gefunden',
  seriesNotFoundText: 'Diese Serie ist nicht oder nicht mehr in der App.',
};
