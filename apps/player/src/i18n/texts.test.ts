import { MESSAGES } from '@plotline/core/messages';
import { LANGUAGES } from '@plotline/core/ui';
import { describe, expect, it } from 'vitest';
import { loadWords, Texts, uiLanguageOf } from './texts.ts';
import { en } from './words.ts';

describe('uiLanguageOf', () => {
  it('takes the first language the player speaks, by its primary subtag', () => {
    expect(uiLanguageOf(['fr-FR', 'ar-EG', 'de'])).toBe('ar');
    expect(uiLanguageOf([null, 'zh-Hant-TW'])).toBe('zh');
    expect(uiLanguageOf(['DE-at'])).toBe('de');
  });

  it('is English when it speaks none of them', () => {
    expect(uiLanguageOf(['fr', 'ja'])).toBe('en');
    expect(uiLanguageOf([])).toBe('en');
  });
});

describe('the words', () => {
  it.each(LANGUAGES)('in %s: every key, each with its parameters in the text', async (language) => {
    const words = await loadWords(language);
    expect(Object.keys(words).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const word = words[key as keyof typeof en];
      expect(typeof word, key).toBe(typeof english);
      if (typeof word === 'string') expect(word.trim(), key).not.toBe('');
      else {
        const text = (word as (...values: unknown[]) => string)('«1»', '«2»');
        expect(text, key).toContain('«1»');
        if (english.length === 2) expect(text, key).toContain('«2»');
      }
    }
  });

  it('are distinct from English where they must be: each language its own', async () => {
    const plays = await Promise.all(
      LANGUAGES.map(async (language) => (await loadWords(language)).play),
    );
    expect(new Set(plays).size).toBe(LANGUAGES.length);
  });
});

describe('the words of core messages', () => {
  it('say for viewers what core MESSAGES say', () => {
    expect(en.resumeLinkNotFound).toBe(`${MESSAGES.resumeNotFound}.`);
  });
});

describe('Texts', () => {
  it('renders the bound views now and again in the new language; a later switch wins', async () => {
    const texts = new Texts();
    const seen: string[] = [];
    const unbind = texts.bind((words) => seen.push(words.play));
    expect(texts.dir).toBe('ltr');

    const arabic = texts.use('ar');
    const german = texts.use('de');
    await Promise.all([arabic, german]);
    expect(texts.language).toBe('de');
    expect(seen).toEqual(['Play', 'Abspielen']);

    await texts.use('ar');
    expect([texts.language, texts.dir]).toEqual(['ar', 'rtl']);
    unbind();
    await texts.use('en');
    expect(seen).toEqual(['Play', 'Abspielen', 'تشغيل']);
  });
});
