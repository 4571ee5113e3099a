import type { AppWords } from '../i18n/app-words.ts';
import { h } from '../ui/dom.ts';
import { feedPath } from './routes.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** The bar's mark, the same as the app's icons (vite/app-icons.ts): a play triangle. */
function logo(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.classList.add('logo');
  svg.innerHTML =
    '<rect width="24" height="24" rx="6" fill="#6d28d9"/><path d="M8 6v12l10-6z" fill="#fff"/>';
  return svg;
}

/**
 * The app's frame: a skip link, the bar with the app's name (home), and the main landmark where
 * the screens go. `back` is shown on every screen but the feed.
 */
export class AppShell {
  readonly element: HTMLElement;
  readonly main: HTMLElement;
  readonly backLink: HTMLAnchorElement;
  private readonly skip: HTMLAnchorElement;
  private readonly brand: HTMLAnchorElement;

  constructor(words: AppWords) {
    this.skip = h('a', { class: 'skip-link', href: '#main' }, words.skipToContent);
    this.brand = h('a', { class: 'brand', href: feedPath() }, logo(), words.appName);
    const arrow = document.createElementNS(SVG, 'svg');
    arrow.setAttribute('viewBox', '0 0 24 24');
    arrow.setAttribute('aria-hidden', 'true');
    arrow.classList.add('icon');
    arrow.innerHTML = '<path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z"/>';
    // Back where the viewer came from in the app (main.ts), else to the stories.
    this.backLink = h('a', { class: 'back-link', href: feedPath() }, arrow, words.back);
    this.main = h('main', { id: 'main', class: 'app-main', tabindex: -1 });
    this.element = h(
      'div',
      { class: 'app' },
      this.skip,
      h('header', { class: 'app-bar' }, this.brand, this.backLink),
      this.main,
    );
    // The skip link moves the focus, not only the scroll.
    this.skip.addEventListener('click', (event) => {
      event.preventDefault();
      this.main.focus();
    });
  }

  /** Puts a screen in the main landmark; `back` shows the link back to the stories. */
  show(screen: HTMLElement, { back }: { back: boolean }): void {
    this.backLink.hidden = !back;
    this.element.dataset.screen = screen.dataset.screen ?? '';
    this.main.replaceChildren(screen);
  }
}

/** A screen in place of content: not found, or what went wrong, with 'Try again' where it helps. */
export function statusView(
  heading: string,
  text: string,
  retry?: { label: string; run: () => void },
): HTMLElement {
  const button = retry ? h('button', { type: 'button', class: 'action' }, retry.label) : null;
  if (button && retry) button.addEventListener('click', retry.run);
  return h(
    'div',
    { class: 'app-status' },
    h('h1', { class: 'page-title', tabindex: -1 }, heading),
    h('p', {}, text),
    button,
  );
}
