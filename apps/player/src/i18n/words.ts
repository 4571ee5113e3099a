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
  timeToChoose: 'Time to choose',
  /** Read out when a timed choice shows; `option` is the default's caption. */
  timedChoice: (seconds: number, option: string) =>
    `${seconds} seconds to choose; if you do not choose: ${option}.`,
  secondsLeft: (seconds: number) => (seconds === 1 ? '1 second left.' : `${seconds} seconds left.`),
  pauseTimer: 'Pause timer',
  resumeTimer: 'Resume timer',
  moreTime: 'More time',
  timerPaused: 'Timer paused.',
  timerResumed: (seconds: number) => `Timer resumed: ${seconds} seconds left.`,
  timeAdded: (seconds: number) => `More time: ${seconds} seconds left.`,
  /** The timer ran out and took the default, `option`. */
  timeIsUp: (option: string) => `Time is up: ${option}.`,
  /** The viewer's setting: timers on or off for every story on this device. */
  timedChoices: 'Timed choices',
  continueStory: 'Continue',
  startOver: 'Start over',
  resumeOffer: 'Continue where you left off, or start over.',
  /** Core MESSAGES.resumeNotFound, for viewers. */
  resumeLinkNotFound: 'This resume link has expired or does not exist.',
  continueOnAnotherDevice: 'Continue on another device',
  resumeLinkIntro: (days: number) =>
    `Open this link on your other device to continue from here. It works for ${days} days.`,
  creatingLink: 'Creating the link…',
  linkNotCreated: 'The link could not be created. Try again.',
  copyLink: 'Copy link',
  close: 'Close',
};

/** Every language's words: the same keys, the same parameters. */
export type Words = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};
