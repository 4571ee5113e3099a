/**
 * The player in full screen: through the Fullscreen API where the page has it; where it has not
 * (iPhone Safari, whose only full screen is the system's own video view without our choices,
 * subtitles or banners), the player covers the whole viewport of the page instead ('full
 * viewport'), overlays and all, until the viewer leaves it (the same button, or Escape).
 */
export class FullScreen {
  private viewport = false;

  constructor(
    private readonly element: HTMLElement,
    private readonly onChange: (on: boolean) => void,
    /** Ends its listeners on the document, when the player goes. */
    signal?: AbortSignal,
  ) {
    document.addEventListener('fullscreenchange', () => onChange(this.isOn), { signal });
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape' && this.viewport) this.setViewport(false);
      },
      { signal },
    );
  }

  /**
   * Whether the button is offered: with the API, or in a page of its own. A frame without the API
   * (the studio's preview) already shows the player in the whole of itself.
   */
  get available(): boolean {
    return this.native || window.self === window.top;
  }

  get isOn(): boolean {
    return (
      this.viewport || (!!document.fullscreenElement && document.fullscreenElement === this.element)
    );
  }

  toggle(): void {
    if (this.viewport) this.setViewport(false);
    else if (!this.native) this.setViewport(true);
    else if (document.fullscreenElement) void document.exitFullscreen();
    else void this.element.requestFullscreen().catch(() => this.setViewport(true));
  }

  private get native(): boolean {
    return (
      document.fullscreenEnabled === true && typeof this.element.requestFullscreen === 'function'
    );
  }

  private setViewport(on: boolean) {
    this.viewport = on;
    this.element.classList.toggle('is-full-viewport', on);
    // Nothing of the page scrolls under it.
    document.documentElement.classList.toggle('has-full-viewport', on);
    this.onChange(on);
  }
}
