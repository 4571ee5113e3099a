import type { Texts } from '../i18n/texts.ts';
import { h } from './dom.ts';

/** m:ss (or h:mm:ss) of whole seconds. */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const [hours, minutes] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60];
  return hours > 0
    ? `${hours}:${pad(minutes)}:${pad(whole % 60)}`
    : `${minutes}:${pad(whole % 60)}`;
}

/**
 * The seek bar: a slider over the node on screen, from its start to its end, by the second (arrow
 * keys a second, Page Up and Down a tenth, Home and End). It moves within that node only: the
 * story's path is the viewer's choices, not a timeline to skip along. The node's span on the
 * joined stream's timeline is the engine's (`nodestart`'s `at`, `timeupdate`'s duration).
 */
export class SeekBar {
  readonly element: HTMLElement;
  private readonly input = h('input', {
    type: 'range',
    class: 'seek',
    min: 0,
    max: 0,
    step: 1,
    value: 0,
    disabled: true,
  });
  private readonly elapsed = h('span', { class: 'time' });
  private readonly total = h('span', { class: 'time' });
  /** Where the node starts on the video's timeline; null when none is on screen. */
  private start: number | null = null;
  private time = 0;
  private duration = 0;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly texts: Texts,
  ) {
    this.element = h('div', { class: 'seek-row' }, this.elapsed, this.input, this.total);
    // The times in figures read the same in every language: the slider's value text says them.
    this.elapsed.setAttribute('aria-hidden', 'true');
    this.total.setAttribute('aria-hidden', 'true');
    // Dragging shows where it would go; the video goes there when the thumb is let go (or at once
    // for a key), so a drag does not load every second on its way.
    this.input.addEventListener('input', () => this.render(Number(this.input.value)));
    this.input.addEventListener('change', () => this.seek(Number(this.input.value)));
    texts.bind(() => this.render());
  }

  /** A node is on screen from `start` on the video's timeline, for about `duration` seconds. */
  showNode(start: number, duration: number): void {
    this.start = start;
    this.time = 0;
    this.duration = duration;
    this.input.disabled = false;
    this.render();
  }

  /** The position within the node, as the engine reports it. */
  update(time: number, duration: number): void {
    if (this.start === null) return;
    this.time = time;
    if (duration > 0) this.duration = duration;
    // The thumb the viewer holds stays where it is held.
    if (!this.input.matches(':active')) this.render();
  }

  /** No node to seek in: before the first frame, at an ending, while starting again. */
  clear(): void {
    this.start = null;
    this.time = 0;
    this.input.disabled = true;
    this.render();
  }

  private seek(time: number) {
    if (this.start === null) return;
    // Short of the node's very end, which is the next node's start.
    const within = Math.min(Math.max(time, 0), Math.max(this.duration - 0.1, 0));
    this.video.currentTime = this.start + within;
    this.time = within;
    this.render();
  }

  private render(time = this.time) {
    const { words } = this.texts;
    // A node the engine measures at 2.97 s is a 3 s scene; the time played counts whole seconds.
    const duration = Math.round(this.duration);
    this.input.max = String(duration);
    this.input.value = String(Math.min(Math.floor(time), duration));
    this.input.setAttribute('aria-label', words.seek);
    this.input.setAttribute('aria-valuetext', words.timeOf(clock(time), clock(duration)));
    this.elapsed.textContent = clock(time);
    this.total.textContent = clock(duration);
  }
}
