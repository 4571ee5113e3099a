import { describe, expect, it } from 'vitest';
import { makeWatchData } from '../test/watch-data.ts';
import { captionOf, directionOf, ownName, pickLanguage } from './language.ts';

const languages = [
  { language_id: 1, code: 'en', name: 'English' },
  { language_id: 3, code: 'de', name: 'German' },
  { language_id: 6, code: 'ar', name: 'Arabic' },
];

describe('pickLanguage', () => {
  it('starts in the primary language', () => {
    expect(pickLanguage({ languages, primary_language_id: 3 }, ['ar-EG'])?.code).toBe('de');
  });

  it('else in the first of the browser’s languages the project has', () => {
    expect(
      pickLanguage({ languages, primary_language_id: null }, ['fr-FR', 'ar-EG', 'de'])?.code,
    ).toBe('ar');
    expect(pickLanguage({ languages, primary_language_id: null }, ['DE-at'])?.code).toBe('de');
  });

  it('else in the project’s first', () => {
    expect(pickLanguage({ languages, primary_language_id: null }, ['fr'])?.code).toBe('en');
    expect(pickLanguage({ languages, primary_language_id: 9 }, [])?.code).toBe('en');
  });

  it('has none when the project has none', () => {
    expect(pickLanguage({ languages: [], primary_language_id: null }, ['en'])).toBeNull();
  });
});

describe('captionOf', () => {
  const item = makeWatchData().items[2]!;

  it('labels an option in the chosen language', () => {
    expect(captionOf(item, 6, 1, 'Option 1')).toBe('خذ الطريق الأيسر');
    expect(captionOf(item, 1, 1, 'Option 1')).toBe('Take the left path');
  });

  it('falls back to the primary language, then any caption, then the label given (its position)', () => {
    expect(captionOf(item, 3, 1, 'Option 1')).toBe('Take the left path');
    expect(captionOf({ captions: { 6: 'يسار' } }, 3, 1, 'Option 1')).toBe('يسار');
    expect(captionOf({ captions: {} }, 1, 1, 'Option 2')).toBe('Option 2');
  });
});

describe('directionOf', () => {
  it('is right to left for Arabic', () => {
    expect(directionOf({ code: 'ar' })).toBe('rtl');
    expect(directionOf({ code: 'en' })).toBe('ltr');
    expect(directionOf(null)).toBe('ltr');
  });
});

describe('ownName', () => {
  it('names each language in itself, as language menus do', () => {
    expect(ownName({ code: 'ar', name: 'Arabic' })).toBe('العربية');
    expect(ownName({ code: 'es', name: 'Spanish' })).toBe('Español');
    expect(ownName({ code: 'en', name: 'English' })).toBe('English');
  });

  it('keeps the project’s name for a code the browser does not know', () => {
    expect(ownName({ code: 'zz', name: 'Zed' })).toBe('Zed');
  });
});
