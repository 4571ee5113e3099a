import type { Words } from '../i18n/words.ts';
import { h } from './dom.ts';

/** A page in place of the player: the not-found page, or what went wrong and what to do. */
export function renderStatusPage(
  root: HTMLElement,
  words: Words,
  { heading, text, retry }: { heading: string; text: string; retry?: boolean },
): void {
  document.title = heading;
  const again = retry ? h('button', { type: 'button', class: 'action' }, words.tryAgain) : null;
  again?.addEventListener('click', () => location.reload());
  root.replaceChildren(
    h('div', { class: 'status-page' }, h('h1', {}, heading), h('p', {}, text), again),
  );
}

export function renderNotFound(root: HTMLElement, words: Words): void {
  renderStatusPage(root, words, { heading: words.videoNotFound, text: words.videoNotFoundText });
}
