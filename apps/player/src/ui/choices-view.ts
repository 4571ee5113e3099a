import type { Texts } from '../i18n/texts.ts';
import { h } from './dom.ts';

export interface ChoiceOption {
  label: string;
  choose: () => void;
}

/**
 * The options of a choice: large buttons over the video in a region named 'Choices', one per
 * option, named by its caption. Arrow keys move between them too. The captions' language and
 * direction are the element's (`setLanguage`), which may differ from the player's words.
 */
export class ChoicesView {
  readonly element = h('section', { class: 'choices', hidden: true });

  constructor(texts: Texts) {
    texts.bind((words) => this.element.setAttribute('aria-label', words.choices));
    this.element.addEventListener('keydown', (event) => {
      const rtl = this.element.closest('[dir]')?.getAttribute('dir') === 'rtl';
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const back = rtl ? 'ArrowRight' : 'ArrowLeft';
      const step = { ArrowDown: 1, ArrowUp: -1, [forward]: 1, [back]: -1 }[event.key];
      const buttons = this.buttons();
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (!step || at < 0) return;
      event.preventDefault();
      buttons[(at + step + buttons.length) % buttons.length]!.focus();
    });
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  /** The captions' language: `lang` for screen readers, and their direction. */
  setLanguage(code: string | null, dir: 'ltr' | 'rtl'): void {
    if (code) this.element.lang = code;
    else this.element.removeAttribute('lang');
    this.element.dir = dir;
  }

  /**
   * Shows the options; the first takes the focus when `takeFocus` (the player says when it may).
   * Shown again in another language, the focus stays on the same option.
   */
  show(options: readonly ChoiceOption[], takeFocus: boolean): void {
    const focusedAt = this.buttons().indexOf(document.activeElement as HTMLButtonElement);
    const buttons = options.map(({ label, choose }) => {
      const button = h('button', { type: 'button', class: 'choice' }, label);
      button.addEventListener('click', choose);
      return button;
    });
    const wasHidden = this.element.hidden;
    this.element.replaceChildren(...buttons);
    this.element.hidden = false;
    if (focusedAt >= 0) buttons[focusedAt]?.focus();
    else if (wasHidden && takeFocus) buttons[0]?.focus();
  }

  hide(): void {
    this.element.hidden = true;
    this.element.replaceChildren();
  }

  /** The first option, where the focus goes when it has nowhere else to be. */
  get first(): HTMLButtonElement | null {
    return this.visible ? (this.buttons()[0] ?? null) : null;
  }

  private buttons() {
    return [...this.element.querySelectorAll('button')];
  }
}
