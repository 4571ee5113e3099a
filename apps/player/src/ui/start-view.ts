import type { Texts } from '../i18n/texts.ts';
import { h, icon } from './dom.ts';

/** Before the first frame plays: the title over the poster and a big Play button (sound needs a gesture). */
export class StartView {
  readonly element: HTMLElement;
  private readonly label = h('span');
  readonly playButton = h(
    'button',
    { type: 'button', class: 'play-button' },
    icon('play'),
    this.label,
  );

  constructor(title: string, texts: Texts) {
    this.element = h(
      'div',
      { class: 'start' },
      // The project's title, in the language it was written in.
      h('h1', { class: 'title', dir: 'auto' }, title),
      this.playButton,
    );
    texts.bind((words) => (this.label.textContent = words.play));
  }

  hide(): void {
    this.element.hidden = true;
  }
}
