import type { AppWords } from '../app-words.ts';

export const appWords: AppWords = {
  appName: 'Plotline',
  skipToContent: 'انتقل إلى المحتوى',
  home: 'الرئيسية',
  stories: 'القصص',
  featured: 'مميّز',
  latest: 'الأحدث',
  loadMore: 'تحميل المزيد',
  loading: 'جارٍ التحميل…',
  series: 'مسلسل',
  episodes: (count) => (count === 1 ? 'حلقة واحدة' : `${count} حلقات`),
  episode: (number) => `الحلقة ${number}`,
  back: 'رجوع',
  nothingYet: 'لا توجد قصص بعد',
  nothingYetText: 'ستظهر هنا القصص المنشورة في التطبيق.',
  pageNotFound: 'الصفحة غير موجودة',
  pageNotFoundText: 'لا يوجد شيء على هذا العنوان في التطبيق.',
  storiesNotLoaded: 'تعذّر تحميل القصص. تحقّق من اتصالك.',
  seriesNotFound: 'المسلسل غير موجود',
  seriesNotFoundText: 'هذا المسلسل غير موجود في التطبيق، أو لم يعد موجودًا.',
};
