import { h, icon, iconButton, setIconButton } from './dom.ts';
import type { LanguageMenu } from './language-menu.ts';

/**
 * The bar over the top of the video: 'Previous choice' at the start; pause, the language menu and
 * full screen at the end. Shown once the video plays.
 */
export class ControlsBar {
  readonly element: HTMLElement;
  readonly previousButton = h(
    'button',
    { type: 'button', class: 'previous', hidden: true },
    icon('back'),
    'Previous choice',
  );
  readonly pauseButton = iconButton('pause', 'Pause');
  readonly fullscreenButton = iconButton('fullscreen', 'Full screen');

  constructor(languageMenu: LanguageMenu | null, fullscreenAvailable: boolean) {
    this.fullscreenButton.hidden = !fullscreenAvailable;
    this.element = h(
      'div',
      { class: 'controls', hidden: true },
      this.previousButton,
      h(
        'div',
        { class: 'controls-end' },
        this.pauseButton,
        languageMenu?.element,
        this.fullscreenButton,
      ),
    );
  }

  show(): void {
    this.element.hidden = false;
  }

  setPlaying(playing: boolean): void {
    setIconButton(this.pauseButton, playing ? 'pause' : 'play', playing ? 'Pause' : 'Play');
  }

  /** At an ending, Replay takes the place of pausing. */
  setEnded(ended: boolean): void {
    this.pauseButton.hidden = ended;
  }

  setPreviousChoice(available: boolean): void {
    this.previousButton.hidden = !available;
  }

  setFullscreen(on: boolean): void {
    setIconButton(
      this.fullscreenButton,
      on ? 'fullscreenExit' : 'fullscreen',
      on ? 'Exit full screen' : 'Full screen',
    );
  }
}
