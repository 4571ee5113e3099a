import { h } from './dom.ts';

/** A page in place of the player: the not-found page, or what went wrong and what to do. */
export function renderStatusPage(
  root: HTMLElement,
  { heading, text, retry }: { heading: string; text: string; retry?: boolean },
): void {
  document.title = heading;
  const again = retry ? h('button', { type: 'button', class: 'action' }, 'Try again') : null;
  again?.addEventListener('click', () => location.reload());
  root.replaceChildren(
    h('div', { class: 'status-page' }, h('h1', {}, heading), h('p', {}, text), again),
  );
}

export function renderNotFound(root: HTMLElement): void {
  renderStatusPage(root, {
    heading: 'Video not found',
    text: 'This video does not exist or is not published. Check the address you were given.',
  });
}
