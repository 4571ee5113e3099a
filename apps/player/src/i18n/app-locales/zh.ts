import type { AppWords } from '../app-words.ts';

export const appWords: AppWords = {
  appName: 'Plotline',
  skipToContent: '跳到内容',
  home: '首页',
  stories: '故事',
  featured: '精选',
  latest: '最新',
  loadMore: '加载更多',
  loading: '正在加载…',
  series: '系列',
  episodes: (count) => `${count} 集`,
  episode: (number) => `第 ${number} 集`,
  back: '返回',
  nothingYet: '还没有故事',
  nothingYetText: '发布到应用的故事会显示在这里。',
  pageNotFound: '找不到页面',
  pageNotFoundText: '应用中没有这个地址。',
  storiesNotLoaded: '无法加载故事。请检查网络连接。',
  seriesNotFound: '找不到系列',
  seriesNotFoundText: '此系列不在应用中，或已下架。',
};
