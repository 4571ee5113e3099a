import type { BannerComponentType, WatchData } from '@plotline/core';
import { bannerImageUrl, dueBanners, hasBannerContent } from './banners/banner-schedule.ts';
import type { BranchPlayer, BranchPlayerEvents } from './engine/branch-player.ts';
import { createBranchPlayer } from './engine/create-branch-player.ts';
import type { OpeningFetch } from './engine/opening.ts';
import { shareLink } from './page/share-link.ts';
import { isUiLanguage, type Texts } from './i18n/texts.ts';
import {
  captionOf,
  directionOf,
  ownName,
  pickLanguage,
  type WatchLanguage,
} from './story/language.ts';
import { whenNodeEnds, type NodeEnd } from '@plotline/core/plot-tree';
import { choicesShownFrom, type Story, type StoryNode } from './story/story.ts';
import { SubtitleTracks, type CueTrack } from './subtitles/subtitle-tracks.ts';
import { Announcer } from './ui/announcer.ts';
import { BannerView } from './ui/banner-view.ts';
import { ChoicesView } from './ui/choices-view.ts';
import { ControlsBar } from './ui/controls-bar.ts';
import { focusLost, h } from './ui/dom.ts';
import { EndingView } from './ui/ending-view.ts';
import { FullScreen } from './ui/full-screen.ts';
import { LanguageMenu } from './ui/language-menu.ts';
import { StartView } from './ui/start-view.ts';
import { PlayedTime } from './view-events/played-time.ts';
import type { ViewEventLog } from './view-events/view-event-log.ts';

export interface StoryPlayerOptions {
  data: WatchData;
  story: Story;
  /** The player's words: the page's language, or the one the viewer picks in the language menu. */
  texts: Texts;
  /** `?forceMobile=true`: the phone layout whatever the screen. */
  forceMobile: boolean;
  browserLanguages: readonly string[];
  /** Null for a preview, which reports nothing. */
  events: ViewEventLog | null;
  /** The address to share at an ending; null when there is none to share. */
  shareUrl: string | null;
  createEngine?: typeof createBranchPlayer;
  /** What the page fetched of the opening while this code loaded, for the engine. */
  opening?: OpeningFetch;
}

/** The node on screen and where the viewer is with it. */
interface NodeState {
  index: number;
  node: StoryNode;
  step: NodeEnd<StoryNode>;
  duration: number;
  choicesShown: boolean;
  chosen: boolean;
  closedBanners: Set<BannerComponentType>;
}

/** Below this width the page takes the phone layout. */
const PHONE_QUERY = '(max-width: 640px)';
/** The controls fade after this long without a pointer or a key, while the video plays. */
const IDLE_MS = 3000;

/**
 * The /watch player: walks the plot (PLOT.md) over the branch player engine, with the start
 * screen, the choices, the banners, the subtitles and languages, the ending, and the viewing
 * events.
 */
export class StoryPlayer {
  readonly element: HTMLElement;
  private readonly data: WatchData;
  private readonly story: Story;
  private readonly events: ViewEventLog | null;
  private readonly shareUrl: string | null;
  private readonly video: HTMLVideoElement;
  private readonly layer: HTMLElement;
  private readonly bottom: HTMLElement;
  private readonly notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  private readonly announcer = new Announcer();
  private readonly texts: Texts;
  private readonly start: StartView;
  private readonly choices: ChoicesView;
  private readonly ending: EndingView;
  private readonly controls: ControlsBar;
  private readonly fullScreen: FullScreen;
  private readonly languageMenu: LanguageMenu | null;
  private readonly subtitles: SubtitleTracks;
  private readonly playedTime = new PlayedTime();
  private readonly banners = new Map<BannerComponentType, BannerView>();
  private engine: BranchPlayer | null = null;
  private ready: Promise<void> = Promise.resolve();
  private isReady = false;
  private language: WatchLanguage | null;
  private current: NodeState | null = null;
  /** Path indices of the nodes where the viewer chose, latest last: 'Previous choice' goes there. */
  private choicesMade: number[] = [];
  private started = false;
  /** A node shown before the first play is reported when the viewing starts. */
  private unreportedNode: StoryNode | null = null;
  private restarts = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ends the player's listeners on the document and the window (`destroy`). */
  private readonly listening = new AbortController();

  constructor(private readonly options: StoryPlayerOptions) {
    const { data, story } = options;
    this.data = data;
    this.story = story;
    this.events = options.events;
    this.shareUrl = options.shareUrl;
    this.texts = options.texts;
    this.language = pickLanguage(data, options.browserLanguages);

    this.video = h('video', {
      class: 'video',
      playsinline: true,
      // Until Play, the poster and no video: the browser's own HLS (no MSE) reads the playlists
      // only; over MSE the engine decides (it waits for Play too).
      preload: 'metadata',
      poster: story.root.item.poster,
    });
    const tracks = new Map<number, CueTrack>();
    for (const language of data.languages) {
      if (
        !data.items.some((item) =>
          item.subtitles.some((file) => file.language_id === language.language_id),
        )
      )
        continue;
      const track = h('track', { kind: 'subtitles', srclang: language.code, label: language.name });
      this.video.append(track);
      tracks.set(language.language_id, track.track);
    }
    this.subtitles = new SubtitleTracks({ tracks });

    const { texts } = this;
    this.languageMenu =
      data.languages.length > 0
        ? new LanguageMenu(
            data.languages.map((language) => ({
              id: language.language_id,
              label: ownName(language),
              lang: language.code,
            })),
            texts,
            (id) => this.selectLanguage(id, true),
          )
        : null;
    this.start = new StartView(data.title, texts);
    this.choices = new ChoicesView(texts);
    this.ending = new EndingView(data.shareable && options.shareUrl !== null, texts);
    this.controls = new ControlsBar(this.video, texts, this.languageMenu);
    this.bottom = h('div', { class: 'bottom' }, this.choices.element);
    this.layer = h(
      'div',
      { class: 'layer' },
      this.controls.element,
      this.bottom,
      this.start.element,
      this.ending.element,
      this.notice,
      this.announcer.element,
    );
    this.element = h(
      'div',
      // Focusable, so that a click on the video keeps the focus (and the keys) in the player.
      { class: 'player', 'data-view': data.view_mode ?? 'horizontal', tabindex: -1 },
      this.video,
      this.layer,
    );
    this.fullScreen = new FullScreen(
      this.element,
      (on) => this.controls.setFullscreen(on),
      this.listening.signal,
    );
    this.controls.fullscreenButton.hidden = !this.fullScreen.available;
    // The player's words and their direction; the captions keep theirs (`selectLanguage`).
    texts.bind(() => {
      this.element.lang = texts.language;
      this.element.dir = texts.dir;
      if (this.current?.choicesShown && !this.current.chosen) this.renderChoices(this.current);
    });
    this.followLayout(options.forceMobile);
    this.wireControls();
    this.selectLanguage(this.language?.language_id ?? null);
  }

  /** Loads the root clip, ready to play at the viewer's gesture. */
  load(): void {
    const engine = (this.options.createEngine ?? createBranchPlayer)({
      video: this.video,
      // Absolute: the engine resolves the playlists' relative addresses against it.
      masterUrl: (itemId) =>
        new URL(this.story.item(Number(itemId))?.hls_url ?? '', location.href).href,
      opening: this.options.opening,
    });
    if (!engine) {
      this.fail(this.texts.words.cannotPlayHere);
      return;
    }
    this.engine = engine;
    engine.on('nodestart', (event) => this.onNodeStart(event));
    engine.on('timeupdate', (event) => this.onTimeUpdate(event));
    engine.on('nodeend', (event) => this.onNodeEnd(event));
    engine.on('ended', (event) => this.onEnded(event));
    engine.on('error', ({ message, fatal }) => {
      console.warn(`The player: ${message}`);
      if (fatal) this.fail(this.texts.words.cannotPlayNow);
    });
    const { root } = this.story;
    this.ready = engine.start(root).then(
      () => {
        this.isReady = true;
        this.appendFollowers(root);
      },
      // The engine's error event has said it.
      () => {},
    );
  }

  /** Stops the video and lets go of the page: the reference app's screens come and go. */
  destroy(): void {
    if (this.fullScreen.isOn) this.fullScreen.toggle();
    this.listening.abort();
    clearTimeout(this.idleTimer);
    this.engine?.destroy();
    this.engine = null;
  }

  // ---------------------------------------------------------------------------------------------
  // The engine's events.
  // ---------------------------------------------------------------------------------------------

  private onNodeStart({ index, node: playerNode, at }: BranchPlayerEvents['nodestart']) {
    const node = playerNode as StoryNode;
    const step = whenNodeEnds(node.children);
    this.current = {
      index,
      node,
      step,
      duration: node.item.duration ?? 0,
      choicesShown: false,
      chosen: false,
      closedBanners: new Set(),
    };
    this.choices.hide();
    this.clearBanners();
    this.controls.seek.showNode(at, this.current.duration);
    this.keepFocus();
    void this.subtitles.showNode(node.item, at);
    this.report(node);
    if (step.kind === 'choose') {
      this.engine?.prefetch(step.options);
      for (const option of step.options) this.subtitles.preload(option.item);
    }
    this.controls.setPreviousChoice(this.choicesMade.length > 0);
  }

  private onTimeUpdate({ index, time, duration }: BranchPlayerEvents['timeupdate']) {
    const current = this.current;
    if (!current || current.index !== index) return;
    if (duration > 0) current.duration = duration;
    this.controls.seek.update(time, current.duration);
    this.showBanners(current, time);
    if (current.step.kind === 'choose' && time >= choicesShownFrom(current.duration)) {
      this.showChoices(current);
    }
  }

  private onNodeEnd({ index }: BranchPlayerEvents['nodeend']) {
    // Not chosen by the end: the video waits on the last frame, the choices stay.
    if (this.current?.index === index && this.current.step.kind === 'choose')
      this.showChoices(this.current);
  }

  private onEnded({ node }: BranchPlayerEvents['ended']) {
    this.choices.hide();
    this.clearBanners();
    this.controls.setEnded(true);
    this.controls.seek.clear();
    this.controls.setPreviousChoice(this.choicesMade.length > 0);
    this.ending.show(this.mayMoveFocus());
    this.announcer.say(this.texts.words.theEnd);
    this.events?.record({ type: 'ending', node_id: Number(node.id) });
  }

  // ---------------------------------------------------------------------------------------------
  // The story.
  // ---------------------------------------------------------------------------------------------

  /** Appends what follows `node` by itself, up to the next choice or the ending. */
  private appendFollowers(node: StoryNode) {
    const engine = this.engine!;
    let step = whenNodeEnds(node.children);
    while (step.kind === 'follow') {
      engine.choose(step.node);
      this.subtitles.preload(step.node.item);
      step = whenNodeEnds(step.node.children);
    }
    if (step.kind === 'ending') engine.end();
  }

  private showChoices(current: NodeState) {
    if (current.step.kind !== 'choose' || current.chosen || current.choicesShown) return;
    current.choicesShown = true;
    this.renderChoices(current);
    const labels = current.step.options.map((option, position) => this.captionOf(option, position));
    const { words } = this.texts;
    this.announcer.say(words.chooseNext(labels.join(words.optionSeparator)));
  }

  private renderChoices(current: NodeState) {
    if (current.step.kind !== 'choose') return;
    this.choices.show(
      current.step.options.map((option, position) => ({
        label: this.captionOf(option, position),
        choose: () => this.choose(current, option, position),
      })),
      this.mayMoveFocus(),
    );
  }

  private choose(current: NodeState, option: StoryNode, position: number) {
    if (current !== this.current || current.chosen || !this.engine) return;
    current.chosen = true;
    this.choices.hide();
    this.engine.choose(option);
    this.appendFollowers(option);
    this.choicesMade.push(current.index);
    this.controls.setPreviousChoice(true);
    this.keepFocus();
    this.announcer.say(this.texts.words.chose(this.captionOf(option, position)));
    this.events?.record({ type: 'choice', node_id: current.node.id, option_id: option.id });
  }

  /** Plays again from `path[index]`: the last choice, or the start. */
  private async restartFrom(index: number) {
    const engine = this.engine;
    if (!engine) return;
    const restart = ++this.restarts;
    this.current = null;
    this.choices.hide();
    this.clearBanners();
    this.ending.hide();
    this.controls.setEnded(false);
    this.controls.seek.clear();
    this.controls.setPreviousChoice(this.choicesMade.length > 0);
    this.keepFocus();
    try {
      await engine.restartFrom(index);
    } catch {
      return;
    }
    if (restart !== this.restarts) return;
    this.appendFollowers(engine.path[index] as StoryNode);
    await this.video.play().catch(() => {});
  }

  private previousChoice() {
    const index = this.choicesMade.pop();
    if (index !== undefined) void this.restartFrom(index);
  }

  private replay() {
    this.choicesMade = [];
    void this.restartFrom(0);
  }

  // ---------------------------------------------------------------------------------------------
  // Banners, languages, events.
  // ---------------------------------------------------------------------------------------------

  private showBanners(current: NodeState, time: number) {
    for (const { type } of dueBanners(current.node.banners, time, current.closedBanners)) {
      if (this.banners.has(type)) continue;
      const image = bannerImageUrl(this.data.banner, type, this.data.view_mode);
      if (!hasBannerContent(this.data.banner, image)) continue;
      const view = new BannerView({ type, image, banner: this.data.banner }, this.texts, () => {
        current.closedBanners.add(type);
        view.remove();
        this.banners.delete(type);
        this.keepFocus();
      });
      this.banners.set(type, view);
      if (type === 'horizontal') this.bottom.append(view.element);
      else this.layer.insertBefore(view.element, this.bottom);
    }
  }

  private clearBanners() {
    for (const view of this.banners.values()) view.remove();
    this.banners.clear();
  }

  /**
   * Subtitles and captions in the language `id` (null: subtitles off, captions as they were). The
   * viewer's pick (`byViewer`) sets the player's words too, where the player speaks it.
   */
  private selectLanguage(id: number | null, byViewer = false) {
    const language = this.data.languages.find((known) => known.language_id === id);
    if (language) this.language = language;
    void this.subtitles.select(language ? language.language_id : null);
    this.element.classList.toggle('has-subtitles', this.subtitles.selected !== null);
    this.languageMenu?.setCurrent(this.subtitles.selected);
    // The options are captions: in their language and its direction (Arabic right to left).
    this.choices.setLanguage(this.language?.code ?? null, directionOf(this.language));
    if (this.current?.choicesShown && !this.current.chosen) this.renderChoices(this.current);
    if (byViewer && language && isUiLanguage(language.code)) void this.texts.use(language.code);
  }

  private captionOf(option: StoryNode, position: number) {
    return captionOf(
      option.item,
      this.language?.language_id ?? null,
      this.data.primary_language_id,
      this.texts.words.option(position + 1),
    );
  }

  /** A node on screen; one shown before the viewer pressed Play counts from then. */
  private report(node: StoryNode) {
    if (!this.started) this.unreportedNode = node;
    else this.events?.record({ type: 'node', node_id: node.id });
  }

  // ---------------------------------------------------------------------------------------------
  // The page around the video.
  // ---------------------------------------------------------------------------------------------

  private async play() {
    this.start.hide();
    this.controls.show();
    // From Play to Pause, where the keyboard finds the controls (never to the page).
    this.keepFocus();
    if (!this.started) {
      this.started = true;
      this.events?.record({ type: 'start' });
      if (this.unreportedNode) this.report(this.unreportedNode);
      this.unreportedNode = null;
    }
    // Within the gesture where the stream is ready: some browsers allow sound only there.
    if (!this.isReady) await this.ready;
    await this.video.play().catch(() => {});
  }

  private wireControls() {
    const { video, controls } = this;
    this.start.playButton.addEventListener('click', () => void this.play());
    controls.pauseButton.addEventListener('click', () =>
      video.paused ? void video.play().catch(() => {}) : video.pause(),
    );
    controls.previousButton.addEventListener('click', () => this.previousChoice());
    controls.fullscreenButton.addEventListener('click', () => this.fullScreen.toggle());
    this.ending.replayButton.addEventListener('click', () => this.replay());
    this.ending.shareButton.addEventListener('click', () => void this.share());

    video.addEventListener('play', () => controls.setPlaying(true));
    video.addEventListener('pause', () => controls.setPlaying(false));
    video.addEventListener('timeupdate', () => {
      this.events?.addWatched(this.playedTime.advance(video.currentTime, !video.paused));
    });
    // Buffering shows a spinner, but not while the video waits on a choice.
    video.addEventListener('waiting', () =>
      this.element.classList.toggle('is-waiting', !this.choices.visible),
    );
    for (const type of ['playing', 'pause', 'timeupdate']) {
      video.addEventListener(type, () => {
        if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA)
          this.element.classList.remove('is-waiting');
      });
    }

    // The controls fade while the video plays untouched, and come back at a touch or a key.
    const wake = () => {
      this.element.classList.remove('is-idle');
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => {
        if (!video.paused && !this.languageMenu?.isOpen) this.element.classList.add('is-idle');
      }, IDLE_MS);
    };
    for (const type of ['pointermove', 'pointerdown', 'keydown', 'focusin'])
      this.element.addEventListener(type, wake);
    video.addEventListener('pause', wake);

    // K pauses and plays, M mutes, F goes full screen, from anywhere in the player; Space too
    // when no control has the focus (on a control, Space is the control's).
    document.addEventListener(
      'keydown',
      (event) => {
        const target = event.target as Node;
        const onPage = target === document.body || target === this.element;
        if (!this.started || event.ctrlKey || event.metaKey || event.altKey) return;
        if (!onPage && !this.element.contains(target)) return;
        if ((event.key === ' ' && onPage) || event.key === 'k') {
          event.preventDefault();
          controls.pauseButton.click();
        } else if (event.key === 'm') {
          controls.volume.toggleMute();
        } else if (event.key === 'f' && !controls.fullscreenButton.hidden) {
          this.fullScreen.toggle();
        }
      },
      { signal: this.listening.signal },
    );
  }

  private followLayout(forceMobile: boolean) {
    const query = window.matchMedia(PHONE_QUERY);
    const apply = () =>
      (this.element.dataset.layout = forceMobile || query.matches ? 'phone' : 'desktop');
    apply();
    query.addEventListener('change', apply, { signal: this.listening.signal });
  }

  private async share() {
    if (!this.shareUrl) return;
    const outcome = await shareLink(this.shareUrl, this.data.title);
    const { words } = this.texts;
    if (outcome === 'copied') this.ending.tell(words.linkCopied);
    else if (outcome === 'failed') this.ending.tell(words.copyThisLink(this.shareUrl));
  }

  private fail(message: string) {
    this.start.hide();
    this.choices.hide();
    this.notice.replaceChildren(h('p', {}, message));
    const retry = h('button', { type: 'button', class: 'action' }, this.texts.words.tryAgain);
    retry.addEventListener('click', () => location.reload());
    this.notice.append(retry);
    this.notice.hidden = false;
    this.keepFocus();
  }

  // ---------------------------------------------------------------------------------------------
  // The focus: never left on the page while the player is in use.
  // ---------------------------------------------------------------------------------------------

  /**
   * Whether what appears may take the focus: the page has it (not the studio around a preview
   * frame), and it rests nowhere, on the player itself, or on Pause, where Play put it.
   */
  private mayMoveFocus(): boolean {
    const active = document.activeElement;
    return (
      document.hasFocus() &&
      (focusLost() || active === this.element || active === this.controls.pauseButton)
    );
  }

  /**
   * After a change that may have hidden or removed the focused control (Play, an option chosen,
   * the options or a banner gone, an ending, starting again): the focus goes to what the viewer
   * acts on next, so that it never falls to the page.
   */
  private keepFocus() {
    if (!document.hasFocus() || !focusLost()) return;
    const next = [
      this.notice.querySelector('button'),
      this.ending.visible ? this.ending.replayButton : null,
      this.choices.first,
      this.controls.pauseButton,
      this.controls.previousButton,
    ].find((control) => control && control.isConnected && !control.closest('[hidden]'));
    next?.focus();
  }
}
