import type { Texts } from '../i18n/texts.ts';
import { h, icon } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
/** The ring's circumference in its own units (r = 16). */
const RING = 2 * Math.PI * 16;

/**
 * A timed choice's countdown beside its options: a ring that empties and the seconds left in
 * figures (not colour alone), 'Pause timer' / 'Resume timer' (key T) and 'More time' (key E). It
 * shows; the player counts (`ChoiceCountdown`) and reads the countdown out.
 */
export class ChoiceTimerView {
  readonly element: HTMLElement;
  readonly pauseButton = h('button', {
    type: 'button',
    class: 'timer-button',
    'aria-keyshortcuts': 'T',
  });
  readonly moreButton = h('button', {
    type: 'button',
    class: 'timer-button',
    'aria-keyshortcuts': 'E',
  });
  private readonly figures = h('span', { class: 'timer-seconds', 'aria-hidden': 'true' });
  private readonly spoken = h('span', { class: 'visually-hidden' });
  private readonly clock: HTMLElement;
  private readonly arc: SVGCircleElement;
  private total = 1;
  private remaining = 0;
  private paused = false;

  constructor(private readonly texts: Texts) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 36 36');
    svg.setAttribute('aria-hidden', 'true');
    svg.classList.add('timer-ring');
    const track = document.createElementNS(SVG, 'circle');
    this.arc = document.createElementNS(SVG, 'circle');
    for (const circle of [track, this.arc]) {
      circle.setAttribute('cx', '18');
      circle.setAttribute('cy', '18');
      circle.setAttribute('r', '16');
      svg.append(circle);
    }
    track.classList.add('timer-track');
    this.arc.classList.add('timer-arc');
    this.arc.setAttribute('stroke-dasharray', String(RING));
    // role=timer is not read out as it changes: the player announces it at sensible moments.
    this.clock = h('div', { class: 'timer-clock', role: 'timer' }, svg, this.figures, this.spoken);
    this.element = h(
      'div',
      { class: 'choice-timer', hidden: true },
      this.clock,
      this.pauseButton,
      this.moreButton,
    );
    texts.bind(() => this.render());
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  show(total: number): void {
    this.total = total;
    this.remaining = total;
    this.paused = false;
    this.render();
    this.element.hidden = false;
  }

  update(remaining: number, paused: boolean, total = this.total): void {
    this.remaining = remaining;
    this.total = Math.max(total, remaining, 1);
    this.renderClock();
    if (paused !== this.paused) {
      this.paused = paused;
      this.renderButtons();
    }
  }

  hide(): void {
    this.element.hidden = true;
  }

  private render() {
    this.renderClock();
    this.renderButtons();
  }

  private renderClock() {
    const { words } = this.texts;
    const seconds = Math.max(0, Math.ceil(this.remaining - 1e-9));
    this.figures.textContent = String(seconds);
    this.spoken.textContent = words.secondsLeft(seconds);
    this.clock.setAttribute('aria-label', words.timeToChoose);
    this.arc.setAttribute('stroke-dashoffset', String(RING * (1 - this.remaining / this.total)));
  }

  /** The buttons' names change only with pausing and the language, never under a screen reader's finger. */
  private renderButtons() {
    const { words } = this.texts;
    this.element.classList.toggle('is-paused', this.paused);
    this.pauseButton.replaceChildren(
      icon(this.paused ? 'play' : 'pause'),
      h('span', {}, this.paused ? words.resumeTimer : words.pauseTimer),
    );
    this.moreButton.replaceChildren(icon('add'), h('span', {}, words.moreTime));
  }
}
