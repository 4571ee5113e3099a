/**
 * The player's own words in English, the fallback of every other language (`locales/`). Each other
 * language carries every key (a missing one is a type error). Where the studio shows the same
 * thing, the words are the studio's (apps/web's locales): 'Link copied to clipboard!', 'Banner'.
 */
export const en = {
  play: 'Play',
  pause: 'Pause',
  previousChoice: 'Previous choice',
  mute: 'Mute',
  unmute: 'Unmute',
  volume: 'Volume',
  percent: (value: number) => `${value}%`,
  seek: 'Position in this scene',
  /** The seek bar's value read out: `time` and `duration` are m:ss. */
  timeOf: (time: string, duration: string) => `${time} of ${duration}`,
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
  subtitlesAndLanguage: 'Subtitles and language',
  subtitlesOff: 'Off',
  choices: 'Choices',
  /** An option without a caption in any language. */
  option: (position: number) => `Option ${position}`,
  chooseNext: (options: string) => `Choose what happens next: ${options}.`,
  /** Joins the options read out by `chooseNext`. */
  optionSeparator: ', ',
  chose: (option: string) => `You chose: ${option}.`,
  theEnd: 'The end',
  replay: 'Replay',
  share: 'Share',
  linkCopied: 'Link copied to clipboard!',
  copyThisLink: (url: string) => `Copy this link to share the video: ${url}`,
  banner: 'Banner',
  closeBanner: 'Close banner',
  cannotPlayHere: 'This browser cannot play this video.',
  cannotPlayNow: 'This video cannot be played right now.',
  tryAgain: 'Try again',
  videoNotFound: 'Video not found',
  videoNotFoundText:
    'This video does not exist or is not published. Check the address you were given.',
  previewUnavailable: 'Preview unavailable',
  previewUnavailableText:
    'Sign in to the studio with an account of this project’s company to preview it.',
  somethingWentWrong: 'Something went wrong',
  notLoaded: 'The video could not be loaded. Check your connection.',
  serverAnswered: (status: number) => `The server answered ${status}.`,
  nothingToPlay: 'Nothing to play yet',
  nothingToPlayText: 'This project has no storyline that can play yet.',
};

/** Every language's words: the same keys, the same parameters. */
export type Words = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};
