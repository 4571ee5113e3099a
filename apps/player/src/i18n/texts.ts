import { directionOf, LANGUAGES, type Language } from '@plotline/core/ui';
import { en, type Words } from './words.ts';

export type { Language };

/**
 * The other languages' words, each its own small chunk fetched only by the viewers who need it
 * (the page starts fetching its language beside the data call, so it costs no round trip).
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ words: Words }>> = {
  de: () => import('./locales/de.ts'),
  es: () => import('./locales/es.ts'),
  id: () => import('./locales/id.ts'),
  zh: () => import('./locales/zh.ts'),
  ar: () => import('./locales/ar.ts'),
};

export function isUiLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/** The first of `tags` (BCP 47: `ar-EG` counts as `ar`) that the player speaks, else English. */
export function uiLanguageOf(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const code = tag?.toLowerCase().split('-')[0];
    if (code && isUiLanguage(code)) return code;
  }
  return 'en';
}

/** A language's words; English when its chunk cannot be fetched (offline, a new deployment). */
export async function loadWords(language: Language): Promise<Words> {
  if (language === 'en') return en;
  try {
    return (await LOADERS[language]()).words;
  } catch {
    return en;
  }
}

/**
 * The player's words in the language it speaks now, and the views that follow it: each binds a
 * render that runs now and again whenever the language changes.
 */
export class Texts {
  private readonly renders = new Set<(words: Words) => void>();
  private wanted: Language;

  constructor(
    private current: Language = 'en',
    private currentWords: Words = en,
  ) {
    this.wanted = current;
  }

  get language(): Language {
    return this.current;
  }

  get words(): Words {
    return this.currentWords;
  }

  get dir(): 'ltr' | 'rtl' {
    return directionOf(this.current);
  }

  /** Runs `render` now and at every change of language; answers a function that stops it. */
  bind(render: (words: Words) => void): () => void {
    render(this.currentWords);
    this.renders.add(render);
    return () => this.renders.delete(render);
  }

  /** Switches to `language` once its words are here; a later call wins over an earlier one. */
  async use(language: Language): Promise<void> {
    this.wanted = language;
    const words = await loadWords(language);
    if (this.wanted !== language || this.current === language) return;
    this.current = language;
    this.currentWords = words;
    for (const render of this.renders) render(words);
  }
}
