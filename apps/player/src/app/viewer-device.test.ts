import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_KEY,
  platformOfUserAgent,
  PLATFORM_KEY,
  viewerLanguage,
  viewerPlatform,
  type Device,
} from './viewer-device.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const device = (overrides: Partial<Device>): Device => ({
  search: '',
  storage: null,
  userAgent: LINUX,
  languages: ['en-US'],
  ...overrides,
});

describe('the viewer’s platform', () => {
  it('is what the user agent says: Android, iOS (an iPad says Mac, with touch), else the web', () => {
    expect(platformOfUserAgent(ANDROID)).toBe('android');
    expect(platformOfUserAgent(IPHONE)).toBe('ios');
    expect(platformOfUserAgent(MAC, 5)).toBe('ios');
    expect(platformOfUserAgent(MAC, 0)).toBe('web');
    expect(platformOfUserAgent(LINUX)).toBe('web');
  });

  it('is `?platform=` when given, kept for the next visits until `?platform=auto`', () => {
    const storage = memoryStorage();
    expect(viewerPlatform(device({ search: '?platform=android', storage }))).toBe('android');
    expect(storage.items.get(PLATFORM_KEY)).toBe('android');
    expect(viewerPlatform(device({ storage }))).toBe('android');
    expect(viewerPlatform(device({ search: '?platform=ios', storage, userAgent: ANDROID }))).toBe(
      'ios',
    );
    // Not a platform: ignored, the kept one stays.
    expect(viewerPlatform(device({ search: '?platform=symbian', storage }))).toBe('ios');
    expect(viewerPlatform(device({ search: '?platform=auto', storage, userAgent: ANDROID }))).toBe(
      'android',
    );
    expect(storage.items.has(PLATFORM_KEY)).toBe(false);
    // Without storage, the address alone.
    expect(viewerPlatform(device({ search: '?platform=ios' }))).toBe('ios');
  });
});

describe('the viewer’s language', () => {
  it('is the browser’s first of the six, else English; `?language=` is kept', () => {
    expect(viewerLanguage(device({ languages: ['fr-FR', 'ar-EG', 'de'] }))).toBe('ar');
    expect(viewerLanguage(device({ languages: ['fr-FR'] }))).toBe('en');
    const storage = memoryStorage();
    expect(viewerLanguage(device({ search: '?language=zh', storage }))).toBe('zh');
    expect(storage.items.get(LANGUAGE_KEY)).toBe('zh');
    expect(viewerLanguage(device({ storage, languages: ['de'] }))).toBe('zh');
    expect(viewerLanguage(device({ search: '?language=xx', storage }))).toBe('zh');
  });
});
