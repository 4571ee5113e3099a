import { describe, expect, it } from 'vitest';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { id } from './locales/id.ts';
import { zh } from './locales/zh.ts';

type Texts = { readonly [key: string]: string | Texts };

/** Every text of a locale by its dotted key, e.g. `messages.plotBannerTime`. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value] as const]
        : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
}

/** i18next's `{{name}}` and core's `{name}` (the messages), sorted, braces kept. */
function placeholders(text: string): string[] {
  return (text.match(/\{\{\w+\}\}|\{\w+\}/g) ?? []).sort();
}

function placeholdersByKey(texts: Map<string, string>, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, placeholders(texts.get(key) ?? '')]));
}

const english = flatten(en);

// The Translation type lets a language lack core messages (they fall back to English), so this
// test is what keeps every language complete.
describe.each(Object.entries({ de, es, id, zh, ar }))('locale %s', (_language, locale) => {
  const texts = flatten(locale);

  it("has exactly English's keys", () => {
    const missing = [...english.keys()].filter((key) => !texts.has(key));
    const extra = [...texts.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it("keeps each text's placeholders", () => {
    const shared = [...english.keys()].filter((key) => texts.has(key));
    expect(placeholdersByKey(texts, shared)).toEqual(placeholdersByKey(english, shared));
  });
});
