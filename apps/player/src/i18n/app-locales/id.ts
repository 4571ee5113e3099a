import type { AppWords } from '../app-words.ts';

export const appWords: AppWords = {
  appName: 'Plotline',
  skipToContent: 'Langsung ke konten',
  home: 'Beranda',
  stories: 'Cerita',
  featured: 'Unggulan',
  latest: 'Terbaru',
  loadMore: 'Muat lebih banyak',
  loading: 'Memuat…',
  series: 'Serial',
  episodes: (count) => `${count} episode`,
  episode: (number) => `Episode ${number}`,
  back: 'Kembali',
  nothingYet: 'Belum ada cerita',
  nothingYetText: 'Cerita yang diterbitkan ke aplikasi akan muncul di sini.',
  pageNotFound: 'Halaman tidak ditemukan',
  pageNotFoundText: 'Tidak ada apa pun di alamat ini dalam aplikasi.',
  storiesNotLoaded: 'Cerita tidak dapat dimuat. Periksa koneksi Anda.',
  seriesNotFound: 'Serial tidak ditemukan',
  seriesNotFoundText: 'Serial ini tidak ada di aplikasi, atau sudah tidak ada.',
};
