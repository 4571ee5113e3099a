import { NO_NODE_LOGIC } from '@plotline/core/story-logic';
import type { WatchData } from '@plotline/core';

type Item = WatchData['items'][number];

function item(
  id: number,
  type: number,
  captions: Record<string, string>,
  subtitles: boolean,
): Item {
  return {
    movie_content_id: id,
    type,
    duration: 8,
    hls_url: `/media/${id}/master.m3u8`,
    poster: `/media/${id}/poster.jpg`,
    captions,
    subtitles: subtitles
      ? Object.keys(captions).map((language) => ({
          language_id: Number(language),
          url: `/media/${id}/${language}.vtt`,
        }))
      : [],
  };
}

/**
 * The fork: an opening clip (node 1) → a bridge asking the question (node 2) → the left (3) or
 * the right (4) path, both endings. Captions in English and Arabic.
 */
export function makeWatchData(overrides: Partial<WatchData> = {}): WatchData {
  return {
    slug: 'the-fork',
    title: 'The fork in the road',
    synopsis: 'Two paths.',
    view_mode: 'horizontal',
    shareable: true,
    primary_language_id: 1,
    languages: [
      { language_id: 1, code: 'en', name: 'English' },
      { language_id: 6, code: 'ar', name: 'Arabic' },
    ],
    banner: {
      images: {
        vertical_regular: '/media/banner/vertical.png',
        horizontal: '/media/banner/horizontal.png',
        vertical_long: null,
      },
      button_text: 'Visit us',
      button_color: '#1565c0',
      button_text_color: '#ffffff',
      url: 'https://example.test/shop',
    },
    items: [
      item(10, 1, { 1: 'The forest at dawn', 6: 'الغابة عند الفجر' }, true),
      item(11, 2, { 1: 'Which path?', 6: 'أي طريق؟' }, false),
      item(12, 1, { 1: 'Take the left path', 6: 'خذ الطريق الأيسر' }, true),
      item(13, 1, { 1: 'Take the right path', 6: 'خذ الطريق الأيمن' }, true),
    ],
    plot: [
      {
        id: 1,
        movie_content_id: 10,
        parent_id: null,
        banners: [{ type: 'vertical', time_start: 2 }],
        ...NO_NODE_LOGIC,
      },
      { id: 2, movie_content_id: 11, parent_id: 1, banners: [], ...NO_NODE_LOGIC },
      { id: 3, movie_content_id: 12, parent_id: 2, banners: [], ...NO_NODE_LOGIC },
      {
        id: 4,
        movie_content_id: 13,
        parent_id: 2,
        banners: [{ type: 'horizontal', time_start: 0 }],
        ...NO_NODE_LOGIC,
      },
    ],
    variables: [],
    preview: false,
    ...overrides,
  };
}
