import type { Texts } from '../i18n/texts.ts';
import { h, icon } from './dom.ts';

/**
 * Before the first frame plays: the title over the poster and a big Play button (sound needs a
 * gesture); or, when the viewer was here before (`offerResume`), 'Continue' and 'Start over'.
 */
export class StartView {
  readonly element: HTMLElement;
  private readonly label = h('span');
  readonly playButton = h(
    'button',
    { type: 'button', class: 'play-button' },
    icon('play'),
    this.label,
  );
  private readonly continueLabel = h('span');
  readonly continueButton = h(
    'button',
    { type: 'button', class: 'play-button', hidden: true },
    icon('play'),
    this.continueLabel,
  );
  private readonly startOverLabel = h('span');
  readonly startOverButton = h(
    'button',
    { type: 'button', class: 'action secondary', hidden: true },
    icon('replay'),
    this.startOverLabel,
  );
  private readonly offerText = h('p', { class: 'start-offer', hidden: true });
  /** A notice about the start ('This resume link has expired…'), read out as it appears. */
  private readonly status = h('p', { class: 'status', role: 'status' });

  constructor(title: string, texts: Texts) {
    this.element = h(
      'div',
      { class: 'start' },
      // The project's title, in the language it was written in.
      h('h1', { class: 'title', dir: 'auto' }, title),
      this.offerText,
      h('div', { class: 'actions' }, this.playButton, this.continueButton, this.startOverButton),
      this.status,
    );
    texts.bind((words) => {
      this.label.textContent = words.play;
      this.continueLabel.textContent = words.continueStory;
      this.startOverLabel.textContent = words.startOver;
      this.offerText.textContent = words.resumeOffer;
    });
  }

  /** 'Continue' (first) and 'Start over' instead of Play, or Play again. */
  offerResume(offer: boolean): void {
    this.playButton.hidden = offer;
    this.continueButton.hidden = !offer;
    this.startOverButton.hidden = !offer;
    this.offerText.hidden = !offer;
  }

  get offersResume(): boolean {
    return !this.continueButton.hidden;
  }

  tell(text: string): void {
    this.status.textContent = text;
  }

  hide(): void {
    this.element.hidden = true;
  }
}
