import type { Texts } from '../i18n/texts.ts';
import { h, icon } from './dom.ts';

/** An ending reached: 'Replay', and 'Share' when the project lets viewers share it. */
export class EndingView {
  readonly element: HTMLElement;
  private readonly title = h('h2', { class: 'ending-title' });
  private readonly replayLabel = h('span');
  private readonly shareLabel = h('span');
  readonly replayButton = h(
    'button',
    { type: 'button', class: 'action' },
    icon('replay'),
    this.replayLabel,
  );
  readonly shareButton = h(
    'button',
    { type: 'button', class: 'action' },
    icon('share'),
    this.shareLabel,
  );
  // Its own direction: a link in it stays whole in a right-to-left layout.
  private readonly status = h('p', { class: 'status', role: 'status', dir: 'auto' });

  constructor(shareable: boolean, texts: Texts) {
    this.shareButton.hidden = !shareable;
    this.element = h(
      'div',
      { class: 'ending', hidden: true },
      this.title,
      h('div', { class: 'actions' }, this.replayButton, this.shareButton),
      this.status,
    );
    texts.bind((words) => {
      this.title.textContent = words.theEnd;
      this.replayLabel.textContent = words.replay;
      this.shareLabel.textContent = words.share;
    });
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  /** Shows Replay and Share; Replay takes the focus when `takeFocus` (the player says when). */
  show(takeFocus: boolean): void {
    this.status.textContent = '';
    this.element.hidden = false;
    if (takeFocus) this.replayButton.focus();
  }

  hide(): void {
    this.element.hidden = true;
  }

  /** 'Link copied to clipboard!' and the like, read out as it appears. */
  tell(text: string): void {
    this.status.textContent = text;
  }
}
