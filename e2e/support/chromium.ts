import { chromium, type Browser, type LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, never a downloaded browser, with what it would fetch or need a GPU for turned
 * off: the one launch of the journeys (playwright.config.ts) and of the browser benches.
 */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** For benches that start a video from a script, without a user's gesture. */
export const AUTOPLAY_ARG = '--autoplay-policy=no-user-gesture-required';

/** The launch options of that Chromium, with `extraArgs` after the shared flags. */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []): LaunchOptions {
  return { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, ...extraArgs] };
}

/** Launches that Chromium headless, outside the test runner (the benches). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}
