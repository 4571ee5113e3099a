import type { Texts } from '../i18n/texts.ts';
import { h, iconButton, setIconButton } from './dom.ts';

export interface LanguageMenuItem {
  id: number;
  /** The language's name in itself ('العربية'), and its code, for screen readers. */
  label: string;
  lang: string;
}

/**
 * The 'Subtitles and language' menu button: each of the project's languages (subtitles and the
 * choices' captions) and 'Off' (no subtitles). Arrow keys, Home and End move in the open menu,
 * Escape closes it and gives the focus back to the button; choosing gives it back too.
 */
export class LanguageMenu {
  readonly element = h('div', { class: 'menu-anchor' });
  private readonly button = iconButton();
  private readonly menu = h('div', { role: 'menu', class: 'menu', hidden: true });
  private readonly items: HTMLButtonElement[];

  constructor(
    languages: readonly LanguageMenuItem[],
    texts: Texts,
    onSelect: (id: number | null) => void,
  ) {
    this.button.setAttribute('aria-haspopup', 'menu');
    this.button.setAttribute('aria-expanded', 'false');
    const off = h('button', {
      type: 'button',
      role: 'menuitem',
      class: 'menu-item',
      'data-id': 'off',
    });
    const entries = [
      ...languages.map(({ id, label, lang }) => ({
        id,
        item: h(
          'button',
          { type: 'button', role: 'menuitem', class: 'menu-item', 'data-id': id, lang },
          label,
        ),
      })),
      { id: null, item: off },
    ];
    this.items = entries.map(({ id, item }) => {
      item.addEventListener('click', () => {
        this.close(true);
        onSelect(id);
      });
      return item;
    });
    this.menu.append(...this.items);
    this.element.append(this.button, this.menu);
    texts.bind((words) => {
      setIconButton(this.button, 'subtitles', words.subtitlesAndLanguage);
      this.menu.setAttribute('aria-label', words.subtitlesAndLanguage);
      off.textContent = words.subtitlesOff;
    });

    this.button.addEventListener('click', () =>
      this.menu.hidden ? this.open(0) : this.close(false),
    );
    this.button.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        this.open(event.key === 'ArrowDown' ? 0 : this.items.length - 1);
      }
    });
    this.menu.addEventListener('keydown', (event) => this.onMenuKey(event));
    // A click or the focus elsewhere closes it.
    document.addEventListener('pointerdown', (event) => {
      if (!this.element.contains(event.target as Node)) this.close(false);
    });
    this.element.addEventListener('focusout', (event) => {
      if (!this.element.contains(event.relatedTarget as Node | null)) this.close(false);
    });
  }

  get isOpen(): boolean {
    return !this.menu.hidden;
  }

  /** Marks the item in use: a language, or 'Off'. */
  setCurrent(id: number | null): void {
    for (const item of this.items) {
      if (item.dataset.id === String(id ?? 'off')) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    }
  }

  private open(focusAt: number) {
    this.menu.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    const current = this.items.findIndex((item) => item.hasAttribute('aria-current'));
    this.items[current >= 0 && focusAt === 0 ? current : focusAt]?.focus();
  }

  private close(focusButton: boolean) {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (focusButton) this.button.focus();
  }

  private onMenuKey(event: KeyboardEvent) {
    const at = this.items.indexOf(document.activeElement as HTMLButtonElement);
    const last = this.items.length - 1;
    const next = {
      ArrowDown: at >= last ? 0 : at + 1,
      ArrowUp: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      this.items[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.close(true);
    } else if (event.key === 'Tab') {
      // From the button, Tab goes on to the control after it (or before it) and not to the page.
      this.close(true);
    }
  }
}
