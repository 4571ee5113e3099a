import { h, icon, nothingFocused } from './dom.ts';

/** An ending reached: 'Replay', and 'Share' when the project lets viewers share it. */
export class EndingView {
  readonly element: HTMLElement;
  readonly replayButton = h(
    'button',
    { type: 'button', class: 'action' },
    icon('replay'),
    'Replay',
  );
  readonly shareButton = h('button', { type: 'button', class: 'action' }, icon('share'), 'Share');
  // English in a right-to-left layout too: its own direction keeps the '!' at the end.
  private readonly status = h('p', { class: 'status', role: 'status', dir: 'auto' });

  constructor(shareable: boolean) {
    this.shareButton.hidden = !shareable;
    this.element = h(
      'div',
      { class: 'ending', hidden: true },
      h('h2', { class: 'ending-title' }, 'The end'),
      h('div', { class: 'actions' }, this.replayButton, this.shareButton),
      this.status,
    );
  }

  show(): void {
    this.status.textContent = '';
    this.element.hidden = false;
    if (nothingFocused()) this.replayButton.focus();
  }

  hide(): void {
    this.element.hidden = true;
  }

  /** 'Link copied to clipboard!' and the like, read out as it appears. */
  tell(text: string): void {
    this.status.textContent = text;
  }
}
