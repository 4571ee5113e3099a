import type { AppWords } from '../app-words.ts';

export const appWords: AppWords = {
  appName: 'Plotline',
  skipToContent: 'Ir al contenido',
  home: 'Inicio',
  stories: 'Historias',
  featured: 'Destacados',
  latest: 'Lo más reciente',
  loadMore: 'Cargar más',
  loading: 'Cargando…',
  series: 'Serie',
  episodes: (count) => (count === 1 ? '1 episodio' : `${count} episodios`),
  episode: (number) => `Episodio ${number}`,
  back: 'Volver',
  nothingYet: 'Aún no hay historias',
  nothingYetText: 'Las historias publicadas en la aplicación aparecerán aquí.',
  pageNotFound: 'Página no encontrada',
  pageNotFoundText: 'No hay nada en esta dirección de la aplicación.',
  storiesNotLoaded: 'No se pudieron cargar las historias. Comprueba tu conexión.',
  seriesNotFound: 'Serie no encontrada',
  seriesNotFoundText: 'Esta serie no está en la aplicación, o ya no lo está.',
};
