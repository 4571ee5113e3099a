import type { Words } from '../words.ts';

/** A count of seconds as Arabic says it: one, two, three to ten (plural), eleven and more. */
const seconds = (count: number) =>
  count === 1
    ? 'ثانية واحدة'
    : count === 2
      ? 'ثانيتان'
      : count >= 3 && count <= 10
        ? `${count} ثوانٍ`
        : `${count} ثانية`;

export const words: Words = {
  play: 'تشغيل',
  pause: 'إيقاف مؤقت',
  previousChoice: 'الاختيار السابق',
  mute: 'كتم الصوت',
  unmute: 'إلغاء كتم الصوت',
  volume: 'مستوى الصوت',
  percent: (value) => `${value}٪`,
  seek: 'الموضع في هذا المشهد',
  timeOf: (time, duration) => `${time} من ${duration}`,
  fullScreen: 'ملء الشاشة',
  exitFullScreen: 'الخروج من ملء الشاشة',
  subtitlesAndLanguage: 'الترجمة واللغة',
  subtitlesOff: 'إيقاف',
  choices: 'الخيارات',
  option: (position) => `الخيار ${position}`,
  chooseNext: (options) => `اختر ما يحدث بعد ذلك: ${options}.`,
  optionSeparator: '، ',
  chose: (option) => `اخترت: ${option}.`,
  theEnd: 'النهاية',
  replay: 'إعادة التشغيل',
  share: 'مشاركة',
  linkCopied: 'تم نسخ الرابط إلى الحافظة!',
  copyThisLink: (url) => `انسخ هذا الرابط لمشاركة الفيديو: ${url}`,
  banner: 'اللافتة',
  closeBanner: 'إغلاق اللافتة',
  cannotPlayHere: 'لا يستطيع هذا المتصفح تشغيل هذا الفيديو.',
  cannotPlayNow: 'لا يمكن تشغيل هذا الفيديو الآن.',
  tryAgain: 'إعادة المحاولة',
  videoNotFound: 'الفيديو غير موجود',
  videoNotFoundText: 'هذا الفيديو غير موجود أو غير منشور. تحقق من العنوان الذي وصلك.',
  previewUnavailable: 'المعاينة غير متاحة',
  previewUnavailableText: 'سجّل الدخول إلى الاستوديو بحساب من شركة هذا المشروع لمعاينته.',
  somethingWentWrong: 'حدث خطأ ما',
  notLoaded: 'تعذّر تحميل الفيديو. تحقق من اتصالك.',
  serverAnswered: (status) => `أجاب الخادم بالرمز ${status}.`,
  nothingToPlay: 'لا يوجد ما يمكن تشغيله بعد',
  nothingToPlayText: 'لا توجد لهذا المشروع قصة يمكن تشغيلها بعد.',
  timeToChoose: 'وقت الاختيار',
  timedChoice: (count, option) => `أمامك ${seconds(count)} للاختيار؛ وإن لم تختر: ${option}.`,
  secondsLeft: (count) => `الوقت المتبقي: ${seconds(count)}.`,
  pauseTimer: 'إيقاف المؤقت',
  resumeTimer: 'استئناف المؤقت',
  moreTime: 'وقت إضافي',
  timerPaused: 'تم إيقاف المؤقت.',
  timerResumed: (count) => `تم استئناف المؤقت: الوقت المتبقي ${seconds(count)}.`,
  timeAdded: (count) => `تمت إضافة وقت: الوقت المتبقي ${seconds(count)}.`,
  timeIsUp: (option) => `انتهى الوقت: ${option}.`,
  timedChoices: 'الاختيارات المؤقتة',
  continueStory: 'متابعة',
  startOver: 'البدء من جديد',
  resumeOffer: 'تابع من حيث توقفت، أو ابدأ من جديد.',
  resumeLinkNotFound: 'انتهت صلاحية رابط المتابعة هذا أو أنه غير موجود.',
  continueOnAnotherDevice: 'المتابعة على جهاز آخر',
  resumeLinkIntro: (days) =>
    `افتح هذا الرابط على جهازك الآخر لتتابع من هنا. يبقى صالحًا لمدة ${days} يومًا.`,
  creatingLink: 'جارٍ إنشاء الرابط…',
  linkNotCreated: 'تعذّر إنشاء الرابط. حاول مرة أخرى.',
  copyLink: 'نسخ الرابط',
  close: 'إغلاق',
};
