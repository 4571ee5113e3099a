import { APP_PLATFORMS, type AppPlatform } from '@plotline/core/app-channel';
import { uiLanguageOf, type Language } from '../i18n/texts.ts';

/** Where the app keeps a `?platform=` or `?language=` the viewer was opened with. */
export const PLATFORM_KEY = 'plotline:app:platform';
export const LANGUAGE_KEY = 'plotline:app:language';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The platform a user agent names: Android, iOS (iPadOS 13 and later present themselves as a Mac;
 * `touchPoints` tells the iPad), else the web.
 */
export function platformOfUserAgent(userAgent: string, touchPoints = 0): AppPlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && touchPoints > 1) return 'ios';
  return 'web';
}

const isPlatform = (value: string | null): value is AppPlatform =>
  (APP_PLATFORMS as readonly (string | null)[]).includes(value);

/**
 * A value the address sets for good (`?platform=android`, `?language=ar`): kept in storage, so
 * the app goes on as that viewer after moving on; `?platform=auto` forgets it. Else the kept
 * one, else null.
 */
function chosen(
  name: string,
  key: string,
  search: string,
  storage: Storage | null,
  valid: (value: string) => boolean,
): string | null {
  const asked = new URLSearchParams(search).get(name);
  const given = asked !== null && valid(asked) ? asked : null;
  try {
    if (asked === 'auto') storage?.removeItem(key);
    else if (given !== null) storage?.setItem(key, given);
    const kept = storage?.getItem(key) ?? null;
    return given ?? (kept !== null && valid(kept) ? kept : null);
  } catch {
    return given;
  }
}

export interface Device {
  search: string;
  storage: Storage | null;
  userAgent: string;
  touchPoints?: number;
  languages: readonly string[];
}

/** The viewer's platform: `?platform=` (kept), else what the user agent says. */
export function viewerPlatform(device: Device): AppPlatform {
  const kept = chosen('platform', PLATFORM_KEY, device.search, device.storage, isPlatform);
  return isPlatform(kept) ? kept : platformOfUserAgent(device.userAgent, device.touchPoints);
}

/** The viewer's language: `?language=` (kept), else the browser's first of the six, else English. */
export function viewerLanguage(device: Device): Language {
  const kept = chosen(
    'language',
    LANGUAGE_KEY,
    device.search,
    device.storage,
    (value) => uiLanguageOf([value]) === value,
  );
  return uiLanguageOf([kept, ...device.languages]);
}
