import { h, nothingFocused } from './dom.ts';

export interface ChoiceOption {
  label: string;
  choose: () => void;
}

/**
 * The options of a choice: large buttons over the video in a region named 'Choices', one per
 * option, named by its caption. Arrow keys move between them too.
 */
export class ChoicesView {
  readonly element = h('section', { class: 'choices', 'aria-label': 'Choices', hidden: true });

  constructor() {
    this.element.addEventListener('keydown', (event) => {
      const rtl = this.element.closest('[dir]')?.getAttribute('dir') === 'rtl';
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const back = rtl ? 'ArrowRight' : 'ArrowLeft';
      const step = { ArrowDown: 1, ArrowUp: -1, [forward]: 1, [back]: -1 }[event.key];
      const buttons = [...this.element.querySelectorAll('button')];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (!step || at < 0) return;
      event.preventDefault();
      buttons[(at + step + buttons.length) % buttons.length]!.focus();
    });
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  /** Shows the options; takes the focus only when nothing else has it. */
  show(options: readonly ChoiceOption[]): void {
    // Shown again in another language: the focus stays on the same option.
    const focusedAt = [...this.element.querySelectorAll('button')].indexOf(
      document.activeElement as HTMLButtonElement,
    );
    const buttons = options.map(({ label, choose }) => {
      const button = h('button', { type: 'button', class: 'choice' }, label);
      button.addEventListener('click', choose);
      return button;
    });
    const wasHidden = this.element.hidden;
    this.element.replaceChildren(...buttons);
    this.element.hidden = false;
    if (focusedAt >= 0) buttons[focusedAt]?.focus();
    else if (wasHidden && nothingFocused()) buttons[0]?.focus();
  }

  hide(): void {
    this.element.hidden = true;
    this.element.replaceChildren();
  }
}
