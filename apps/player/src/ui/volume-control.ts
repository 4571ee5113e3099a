import type { Texts } from '../i18n/texts.ts';
import { h, iconButton, setIconButton } from './dom.ts';

/** Whether a page may set the sound's level: iPhones keep it to the device's buttons (always 1). */
function volumeSettable(): boolean {
  const probe = document.createElement('video');
  probe.volume = 0.5;
  return probe.volume === 0.5;
}

/** Mute and the volume slider (0–100 %, arrow keys by 5), following the video's own state. */
export class VolumeControl {
  readonly element: HTMLElement;
  readonly muteButton = iconButton('mute');
  private readonly slider = h('input', {
    type: 'range',
    class: 'volume',
    min: 0,
    max: 100,
    step: 5,
  });

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly texts: Texts,
  ) {
    this.slider.hidden = !volumeSettable();
    this.element = h('div', { class: 'volume-control' }, this.muteButton, this.slider);
    this.muteButton.addEventListener('click', () => this.toggleMute());
    this.slider.addEventListener('input', () => {
      video.volume = Number(this.slider.value) / 100;
      video.muted = video.volume === 0;
    });
    video.addEventListener('volumechange', () => this.render());
    texts.bind(() => this.render());
  }

  toggleMute(): void {
    const { video } = this;
    if (video.muted || video.volume === 0) {
      // Unmuted at nothing would still be silent: back to a level that can be heard.
      if (video.volume === 0) video.volume = 0.5;
      video.muted = false;
    } else video.muted = true;
  }

  private render() {
    const { video } = this;
    const { words } = this.texts;
    const silent = video.muted || video.volume === 0;
    setIconButton(
      this.muteButton,
      silent ? 'volumeOff' : 'volumeUp',
      silent ? words.unmute : words.mute,
    );
    const level = silent ? 0 : Math.round(video.volume * 100);
    this.slider.value = String(level);
    this.slider.setAttribute('aria-label', words.volume);
    this.slider.setAttribute('aria-valuetext', words.percent(level));
  }
}
