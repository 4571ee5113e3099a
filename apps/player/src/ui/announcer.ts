import { h } from './dom.ts';

/** A polite live region: what it is told, screen readers read out. */
export class Announcer {
  readonly element = h('div', {
    class: 'visually-hidden',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  });

  say(text: string): void {
    // Emptied first, so the same words said twice are read twice.
    this.element.textContent = '';
    setTimeout(() => {
      this.element.textContent = text;
    }, 50);
  }
}
