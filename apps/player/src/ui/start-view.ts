import { h, icon } from './dom.ts';

/** Before the first frame plays: the title over the poster and a big Play button (sound needs a gesture). */
export class StartView {
  readonly element: HTMLElement;
  readonly playButton = h(
    'button',
    { type: 'button', class: 'play-button' },
    icon('play'),
    h('span', {}, 'Play'),
  );

  constructor(title: string) {
    this.element = h(
      'div',
      { class: 'start' },
      h('h1', { class: 'title' }, title),
      this.playButton,
    );
  }

  hide(): void {
    this.element.hidden = true;
  }
}
