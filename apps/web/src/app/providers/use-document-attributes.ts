import { useLayoutEffect } from 'react';
import type { ColorMode } from '../../lib/app-store.ts';

/**
 * Mirrors language, direction and colour mode onto <html>: `lang` and `dir` for the browser and
 * assistive tech (and the body's own text flow), `data-mode` for anything styled outside React.
 */
export function useDocumentAttributes(language: string, direction: 'ltr' | 'rtl', mode: ColorMode) {
  // Before the browser paints: no frame shows a new language's texts in the old direction.
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = language;
    html.dir = direction;
    html.dataset.mode = mode;
  }, [language, direction, mode]);
}
