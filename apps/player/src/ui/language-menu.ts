import { h, iconButton } from './dom.ts';

export interface LanguageMenuItem {
  /** A language id, or null for 'Off'. */
  id: number | null;
  label: string;
}

const LABEL = 'Subtitles and language';

/**
 * The 'Subtitles and language' menu button: each of the project's languages (subtitles and the
 * choices' captions) and 'Off' (no subtitles). Arrow keys, Home and End move in the open menu,
 * Escape closes it and gives the focus back to the button.
 */
export class LanguageMenu {
  readonly element = h('div', { class: 'menu-anchor' });
  private readonly button = iconButton('subtitles', LABEL);
  private readonly menu = h('div', {
    role: 'menu',
    class: 'menu',
    'aria-label': LABEL,
    hidden: true,
  });
  private readonly items: HTMLButtonElement[];

  constructor(items: readonly LanguageMenuItem[], onSelect: (id: number | null) => void) {
    this.button.setAttribute('aria-haspopup', 'menu');
    this.button.setAttribute('aria-expanded', 'false');
    this.items = items.map(({ id, label }) => {
      const item = h(
        'button',
        { type: 'button', role: 'menuitem', class: 'menu-item', 'data-id': id ?? 'off' },
        label,
      );
      item.addEventListener('click', () => {
        this.close(true);
        onSelect(id);
      });
      return item;
    });
    this.menu.append(...this.items);
    this.element.append(this.button, this.menu);

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
      this.close(false);
    }
  }
}
