import type { Texts } from '../i18n/texts.ts';
import { h, icon, iconButton, setIconButton } from './dom.ts';
import type { LanguageMenu } from './language-menu.ts';
import { SeekBar } from './seek-bar.ts';
import { VolumeControl } from './volume-control.ts';

/**
 * The bar over the top of the video: 'Previous choice' at the start; pause, the sound, the
 * language menu, the story's own controls and full screen at the end; below them the seek bar within the node on screen.
 * Shown once the video plays.
 */
export class ControlsBar {
  readonly element: HTMLElement;
  private readonly previousLabel = h('span', { class: 'previous-label' });
  readonly previousButton = h(
    'button',
    { type: 'button', class: 'previous', hidden: true },
    icon('back'),
    this.previousLabel,
  );
  readonly pauseButton = iconButton();
  readonly fullscreenButton = iconButton();
  readonly volume: VolumeControl;
  readonly seek: SeekBar;
  private playing = false;
  private fullscreen = false;

  constructor(
    video: HTMLVideoElement,
    private readonly texts: Texts,
    languageMenu: LanguageMenu | null,
    /** The story's own controls, before full screen: 'Timed choices', 'Continue on another device'. */
    extra: readonly HTMLElement[] = [],
  ) {
    this.volume = new VolumeControl(video, texts);
    this.seek = new SeekBar(video, texts);
    this.element = h(
      'div',
      { class: 'controls', hidden: true },
      this.previousButton,
      h(
        'div',
        { class: 'controls-end' },
        this.pauseButton,
        this.volume.element,
        languageMenu?.element,
        ...extra,
        this.fullscreenButton,
      ),
      this.seek.element,
    );
    texts.bind(() => this.render());
  }

  show(): void {
    this.element.hidden = false;
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
    this.render();
  }

  /** At an ending, Replay takes the place of pausing and seeking. */
  setEnded(ended: boolean): void {
    this.pauseButton.hidden = ended;
    this.seek.element.hidden = ended;
  }

  setPreviousChoice(available: boolean): void {
    this.previousButton.hidden = !available;
  }

  setFullscreen(on: boolean): void {
    this.fullscreen = on;
    this.render();
  }

  private render() {
    const { words } = this.texts;
    this.previousLabel.textContent = words.previousChoice;
    setIconButton(
      this.pauseButton,
      this.playing ? 'pause' : 'play',
      this.playing ? words.pause : words.play,
    );
    setIconButton(
      this.fullscreenButton,
      this.fullscreen ? 'fullscreenExit' : 'fullscreen',
      this.fullscreen ? words.exitFullScreen : words.fullScreen,
    );
  }
}
