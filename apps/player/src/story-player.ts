import type { BannerComponentType, ChoiceTaker, WatchData } from '@plotline/core';
import type { StoryState } from '@plotline/core/story-logic';
import { bannerImageUrl, dueBanners, hasBannerContent } from './banners/banner-schedule.ts';
import type { BranchPlayer, BranchPlayerEvents } from './engine/branch-player.ts';
import { createBranchPlayer } from './engine/create-branch-player.ts';
import type { OpeningFetch } from './engine/opening.ts';
import type { HostEvent } from './embed/embed-bridge.ts';
import type { PlayerState } from './embed/player-api.ts';
import { shareLink } from './page/share-link.ts';
import { isUiLanguage, type Texts } from './i18n/texts.ts';
import {
  captionOf,
  directionOf,
  ownName,
  pickLanguage,
  type WatchLanguage,
} from './story/language.ts';
import { ChoiceCountdown } from './story/choice-countdown.ts';
import { deviceStorage, DeviceResume, fitState } from './story/resume-state.ts';
import { choicesShownFrom, type Story, type StoryNode } from './story/story.ts';
import { StoryWalk, type WalkEntry } from './story/story-walk.ts';
import { setTimedChoicesOn, timedChoicesOn } from './story/timed-choices-setting.ts';
import { SubtitleTracks, type CueTrack } from './subtitles/subtitle-tracks.ts';
import { Announcer } from './ui/announcer.ts';
import { BannerView } from './ui/banner-view.ts';
import { ChoiceTimerView } from './ui/choice-timer-view.ts';
import { ChoicesView } from './ui/choices-view.ts';
import { ControlsBar } from './ui/controls-bar.ts';
import { focusLost, h, iconButton, setIconButton } from './ui/dom.ts';
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
  /**
   * A published story's slug: the device keeps where the viewer is (`plotline.resume.{slug}`)
   * and 'Continue on another device' is offered. Null for a preview, which keeps nothing.
   */
  resumeSlug?: string | null;
  /** A resume link's state (unchecked), offered instead of the device's; see `linkMissing`. */
  linkState?: unknown;
  /** The resume link the page was opened with does not exist (any more): said on the start view. */
  linkMissing?: boolean;
  /** A preview's `?state=` (unchecked): the viewing starts there, with its values and history. */
  startState?: unknown;
  /** Where resume and the viewer's settings live; the page's localStorage unless given. */
  storage?: Storage | null;
  /** The embed's host page, told what a viewer sees (`/embed`'s bridge); absent elsewhere. */
  tellHost?: (event: HostEvent) => void;
}

/** The node on screen and where the viewer is with it. */
interface NodeState {
  index: number;
  node: StoryNode;
  /** The node as the walk reached it: its values and its step. */
  entry: WalkEntry;
  /** The options of its choice, when it asks. */
  options: StoryNode[];
  /** The timer of a timed choice, when timers are on; null otherwise. */
  decisionSeconds: number | null;
  duration: number;
  /** Seconds into it, as the engine last said. */
  time: number;
  choicesShown: boolean;
  chosen: boolean;
  /** It played out: the video waits on its last frame. */
  ended: boolean;
  countdown: ChoiceCountdown | null;
  closedBanners: Set<BannerComponentType>;
}

/** Below this width the page takes the phone layout. */
const PHONE_QUERY = '(max-width: 640px)';
/** The controls fade after this long without a pointer or a key, while the video plays. */
const IDLE_MS = 3000;
/**
 * How many nodes past the one on screen the path is planned and queued in the engine when they
 * follow by themselves (links, only options, automatic branches): enough to switch seamlessly,
 * and a loop of links is walked a few nodes at a time, never at once.
 */
const FOLLOW_AHEAD = 3;

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
  private readonly timer: ChoiceTimerView;
  /** 'Timed choices' on or off (role switch), when the story has a timed choice. */
  private readonly timedSwitch: HTMLButtonElement | null;
  /** 'Continue on another device', for a published story. */
  private readonly elsewhereButton: HTMLButtonElement | null;
  private readonly ending: EndingView;
  private readonly controls: ControlsBar;
  private readonly fullScreen: FullScreen;
  private readonly languageMenu: LanguageMenu | null;
  private readonly subtitles: SubtitleTracks;
  private readonly playedTime = new PlayedTime();
  private readonly banners = new Map<BannerComponentType, BannerView>();
  private engine: BranchPlayer | null = null;
  private readonly walk: StoryWalk;
  private readonly storage: Storage | null;
  private readonly deviceResume: DeviceResume | null;
  private timedChoices: boolean;
  /** The engine's path is closed (`end()`): nothing more may be queued until it restarts. */
  private pathClosed = false;
  private ready: Promise<void> = Promise.resolve();
  private isReady = false;
  private language: WatchLanguage | null;
  private current: NodeState | null = null;
  /** Path indices of the nodes where the viewer chose, latest last: 'Previous choice' goes there. */
  private choicesMade: number[] = [];
  private started = false;
  /** A node shown before the first play is reported when the viewing starts. */
  private unreportedNode: number | null = null;
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
    this.walk = new StoryWalk(story, data.variables);
    this.storage = options.storage !== undefined ? options.storage : deviceStorage();
    this.deviceResume = options.resumeSlug
      ? new DeviceResume(this.storage, options.resumeSlug)
      : null;
    this.timedChoices = timedChoicesOn(this.storage);

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
    this.timer = new ChoiceTimerView(texts);
    this.ending = new EndingView(data.shareable && options.shareUrl !== null, texts);
    this.timedSwitch = data.plot.some((node) => node.decision_seconds !== null)
      ? iconButton()
      : null;
    this.timedSwitch?.setAttribute('role', 'switch');
    this.elsewhereButton = this.deviceResume ? iconButton() : null;
    if (this.elsewhereButton) this.elsewhereButton.hidden = true;
    this.controls = new ControlsBar(
      this.video,
      texts,
      this.languageMenu,
      [this.timedSwitch, this.elsewhereButton].filter((button) => button !== null),
    );
    this.bottom = h('div', { class: 'bottom' }, this.timer.element, this.choices.element);
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
    texts.bind((words) => {
      this.element.lang = texts.language;
      this.element.dir = texts.dir;
      if (this.current?.choicesShown && !this.current.chosen) this.renderChoices(this.current);
      this.renderTimedSwitch();
      if (this.elsewhereButton)
        setIconButton(this.elsewhereButton, 'devices', words.continueOnAnotherDevice);
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
    this.begin(this.startState());
  }

  /**
   * Where the viewing starts: a preview's `?state=` directly; else a resume link's state, or the
   * device's, offered as 'Continue' beside 'Start over' (the engine loads it, the likelier pick);
   * else the root. A state that no longer fits the story is dropped.
   */
  private startState(): StoryState | null {
    const { options, story, data } = this;
    if (options.startState !== undefined)
      return fitState(options.startState, story, data.variables);
    const { words } = this.texts;
    let offer: StoryState | null = null;
    if (options.linkState !== undefined) {
      offer = fitState(options.linkState, story, data.variables);
      if (!offer) this.start.tell(words.resumeLinkNotFound);
    } else if (this.deviceResume) {
      offer = fitState(this.deviceResume.read(), story, data.variables);
      if (!offer) this.deviceResume.clear();
    }
    if (options.linkMissing) this.start.tell(words.resumeLinkNotFound);
    this.start.offerResume(offer !== null);
    return offer;
  }

  /** Starts the engine's path where the walk begins: at `state`, or at the root. */
  private begin(state: StoryState | null) {
    const engine = this.engine;
    if (!engine) return;
    const first = this.walk.begin(state);
    this.pathClosed = false;
    this.isReady = false;
    const restart = ++this.restarts;
    this.ready = engine.start(first.node).then(
      () => {
        if (restart !== this.restarts) return;
        this.isReady = true;
        this.planAhead(0);
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
    const entry = this.walk.entries[index];
    if (!entry || entry.node !== node) return;
    const { step } = entry;
    const options = step.kind === 'choose' ? step.options.map((id) => this.story.node(id)!) : [];
    this.closeChoices();
    this.current = {
      index,
      node,
      entry,
      options,
      decisionSeconds: step.kind === 'choose' && this.timedChoices ? step.decision_seconds : null,
      duration: node.item.duration ?? 0,
      time: 0,
      choicesShown: false,
      chosen: false,
      ended: false,
      countdown: null,
      closedBanners: new Set(),
    };
    this.clearBanners();
    this.controls.seek.showNode(at, this.current.duration);
    this.keepFocus();
    void this.subtitles.showNode(node.item, at);
    this.report(index);
    if (options.length > 0) {
      this.engine?.prefetch(options);
      for (const option of options) this.subtitles.preload(option.item);
    }
    this.planAhead(index);
    this.controls.setPreviousChoice(this.choicesMade.length > 0);
    if (this.elsewhereButton) this.elsewhereButton.hidden = false;
  }

  private onTimeUpdate({ index, time, duration }: BranchPlayerEvents['timeupdate']) {
    const current = this.current;
    if (!current || current.index !== index) return;
    if (duration > 0) current.duration = duration;
    current.time = time;
    this.controls.seek.update(time, current.duration);
    this.options.tellHost?.({
      type: 'timeupdate',
      node: current.node.id,
      time,
      duration: current.duration,
    });
    this.showBanners(current, time);
    if (
      current.options.length > 0 &&
      time >= choicesShownFrom(current.duration, current.decisionSeconds)
    ) {
      this.showChoices(current);
    }
  }

  private onNodeEnd({ index }: BranchPlayerEvents['nodeend']) {
    // Not chosen by the end: the video waits on the last frame, the choices stay.
    if (this.current?.index !== index) return;
    this.current.ended = true;
    if (this.current.options.length > 0) this.showChoices(this.current);
  }

  private onEnded({ node }: BranchPlayerEvents['ended']) {
    this.closeChoices();
    this.clearBanners();
    this.controls.setEnded(true);
    this.controls.seek.clear();
    this.controls.setPreviousChoice(this.choicesMade.length > 0);
    if (this.elsewhereButton) this.elsewhereButton.hidden = true;
    this.ending.show(this.mayMoveFocus());
    this.announcer.say(this.texts.words.theEnd);
    // An ending (or a dead end, which plays as one): nothing left to continue.
    this.deviceResume?.clear();
    this.events?.record({ type: 'ending', node_id: Number(node.id) });
    this.options.tellHost?.({ type: 'ended', node: Number(node.id) });
  }

  // ---------------------------------------------------------------------------------------------
  // The story.
  // ---------------------------------------------------------------------------------------------

  /**
   * Queues in the engine what follows by itself (a link, an only option, an automatic branch),
   * up to FOLLOW_AHEAD nodes past `path[index]`, and closes the path at an ending or a dead end.
   * Each node's step is the walk's, decided with the values it is reached with, so the engine
   * has the next node long before the switch.
   */
  private planAhead(index: number) {
    const engine = this.engine;
    if (!engine || !this.isReady || this.pathClosed) return;
    const { walk } = this;
    while (walk.entries.length - 1 - index < FOLLOW_AHEAD) {
      const { step } = walk.last;
      if (step.kind === 'ending' || step.kind === 'stuck') {
        this.pathClosed = true;
        engine.end();
        return;
      }
      const next = walk.follow();
      if (!next) return;
      engine.choose(next.node);
      this.subtitles.preload(next.node.item);
    }
  }

  private showChoices(current: NodeState) {
    if (current.options.length === 0 || current.chosen || current.choicesShown) return;
    current.choicesShown = true;
    this.renderChoices(current);
    const labels = current.options.map((option, position) => this.captionOf(option, position));
    this.options.tellHost?.({
      type: 'choices',
      node: current.node.id,
      options: labels.map((label, index) => ({ index, label })),
    });
    const { words } = this.texts;
    let said = words.chooseNext(labels.join(words.optionSeparator));
    const fallback = this.defaultOf(current);
    if (current.decisionSeconds !== null && fallback) {
      said += ` ${words.timedChoice(current.decisionSeconds, this.captionOf(fallback.option, fallback.position))}`;
      this.startCountdown(current, current.decisionSeconds);
    }
    this.announcer.say(said);
  }

  private renderChoices(current: NodeState) {
    if (current.options.length === 0) return;
    this.choices.show(
      current.options.map((option, position) => ({
        label: this.captionOf(option, position),
        choose: () => this.choose(current, option, position),
      })),
      this.mayMoveFocus(),
    );
  }

  /** A timed choice's default option and its place among the options shown. */
  private defaultOf(current: NodeState) {
    const { step } = current.entry;
    if (step.kind !== 'choose' || step.default_option_id === null) return null;
    const position = step.options.indexOf(step.default_option_id);
    const option = current.options[position];
    return option ? { option, position } : null;
  }

  private startCountdown(current: NodeState, seconds: number) {
    const { words } = this.texts;
    this.timer.show(seconds);
    current.countdown = new ChoiceCountdown(seconds, {
      // Time passes while the video plays, and while it waits on the node's last frame.
      running: () => !this.video.paused || current.ended,
      change: (remaining) => this.timer.update(remaining, current.countdown?.paused ?? false),
      passed: (left) => this.announcer.say(words.secondsLeft(left)),
      end: () => {
        const fallback = this.defaultOf(current);
        if (fallback) this.choose(current, fallback.option, fallback.position, 'timer');
      },
    });
  }

  /** 'Pause timer' / 'Resume timer' (key T). */
  private toggleTimer() {
    const countdown = this.current?.countdown;
    if (!countdown) return;
    countdown.setPaused(!countdown.paused);
    const { words } = this.texts;
    this.announcer.say(
      countdown.paused ? words.timerPaused : words.timerResumed(countdown.seconds),
    );
  }

  /** 'More time' (key E): DECISION_EXTEND_SECONDS more. */
  private extendTimer() {
    const countdown = this.current?.countdown;
    if (!countdown) return;
    countdown.extend();
    this.announcer.say(this.texts.words.timeAdded(countdown.seconds));
  }

  /** The options and their timer go (a choice taken, another node, an ending). */
  private closeChoices() {
    this.current?.countdown?.stop();
    if (this.current) this.current.countdown = null;
    this.choices.hide();
    this.timer.hide();
  }

  private choose(current: NodeState, option: StoryNode, position: number, by?: ChoiceTaker) {
    if (current !== this.current || current.chosen || !this.engine) return;
    const entry = this.walk.take(option.id);
    if (!entry) return;
    current.chosen = true;
    this.closeChoices();
    this.engine.choose(entry.node);
    this.planAhead(current.index);
    this.choicesMade.push(current.index);
    this.controls.setPreviousChoice(true);
    this.keepFocus();
    const caption = this.captionOf(option, position);
    const { words } = this.texts;
    this.announcer.say(by === 'timer' ? words.timeIsUp(caption) : words.chose(caption));
    this.events?.record({
      type: 'choice',
      node_id: current.node.id,
      option_id: option.id,
      ...(by ? { by } : {}),
    });
    this.options.tellHost?.({
      type: 'choice',
      node: current.node.id,
      index: position,
      option: option.id,
      by: by ?? 'viewer',
    });
  }

  /** Takes the node's choices, banners and ending off the screen, before playing from elsewhere. */
  private clearScreen(canGoBack: boolean) {
    this.closeChoices();
    this.current = null;
    this.clearBanners();
    this.ending.hide();
    this.controls.setEnded(false);
    this.controls.seek.clear();
    this.controls.setPreviousChoice(canGoBack);
  }

  /** Plays again from `path[index]`: the last choice, or the start. */
  private async restartFrom(index: number) {
    const engine = this.engine;
    if (!engine) return;
    const restart = ++this.restarts;
    this.clearScreen(this.choicesMade.length > 0);
    this.keepFocus();
    try {
      await engine.restartFrom(index);
    } catch {
      return;
    }
    if (restart !== this.restarts) return;
    this.walk.truncate(index);
    this.pathClosed = false;
    this.planAhead(index);
    await this.video.play().catch(() => {});
  }

  private previousChoice() {
    const index = this.choicesMade.pop();
    if (index !== undefined) void this.restartFrom(index);
  }

  private replay() {
    this.choicesMade = [];
    // A resumed viewing's path began at its node: the story itself begins at the root.
    if (this.walk.resumed) void this.startOver();
    else void this.restartFrom(0);
  }

  /** 'Start over' (instead of 'Continue', or Replay after a resumed viewing): from the root. */
  private async startOver() {
    this.clearScreen(false);
    this.unreportedNode = null;
    this.deviceResume?.clear();
    this.begin(null);
    await this.play();
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

  /**
   * A node on screen, and the option its automatic branch took; one shown before the viewer
   * pressed Play counts from then (and only then is it where the viewer is, for resume).
   */
  private report(index: number) {
    const entry = this.walk.entries[index];
    if (!entry) return;
    if (!this.started) {
      this.unreportedNode = index;
      return;
    }
    // Where the viewer is, for 'Continue' on this device: at each node's start, once playing.
    this.deviceResume?.save(this.walk.stateAt(index));
    this.events?.record({ type: 'node', node_id: entry.node.id });
    const { tellHost } = this.options;
    tellHost?.({ type: 'node', node: entry.node.id, path: this.pathTo(index) });
    const { step } = entry;
    if (step.kind === 'follow' && (step.reason === 'auto' || step.reason === 'fallback')) {
      this.events?.record({
        type: 'choice',
        node_id: entry.node.id,
        option_id: step.next,
        by: 'auto',
      });
      const index = entry.node.children.findIndex((child) => child.id === step.next);
      tellHost?.({ type: 'choice', node: entry.node.id, index, option: step.next, by: 'auto' });
    }
  }

  /** The nodes played up to `path[index]`: never those the walk planned ahead of the screen. */
  private pathTo(index: number): number[] {
    return this.walk.entries.slice(0, index + 1).map((entry) => entry.node.id);
  }

  // ---------------------------------------------------------------------------------------------
  // The embed's host page (issue 22): it does what a viewer does, and knows what a viewer sees.
  // ---------------------------------------------------------------------------------------------

  hostPlay(): void {
    void this.play();
  }

  hostPause(): void {
    this.video.pause();
  }

  /** The option at `index` of the choice on screen, as if pressed; false when none is shown there. */
  hostChoose(index: number): boolean {
    const current = this.current;
    const option = current?.options[index];
    if (!current || !option || !current.choicesShown || current.chosen) return false;
    // The figures count the host page's choices apart from the viewers' own.
    this.choose(current, option, index, 'host');
    return true;
  }

  hostState(): PlayerState {
    const current = this.started ? this.current : null;
    const shown = current?.choicesShown && !current.chosen;
    return {
      node: current?.node.id ?? null,
      time: current?.time ?? 0,
      duration: current?.duration ?? 0,
      paused: this.video.paused,
      ended: this.ending.visible,
      path: current ? this.pathTo(current.index) : [],
      choices: shown
        ? current.options.map((option, index) => ({ index, label: this.captionOf(option, index) }))
        : null,
    };
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
      if (this.unreportedNode !== null) this.report(this.unreportedNode);
      this.unreportedNode = null;
    }
    // Within the gesture where the stream is ready: some browsers allow sound only there.
    if (!this.isReady) await this.ready;
    await this.video.play().catch(() => {});
  }

  private wireControls() {
    const { video, controls } = this;
    this.start.playButton.addEventListener('click', () => void this.play());
    this.start.continueButton.addEventListener('click', () => void this.play());
    this.start.startOverButton.addEventListener('click', () => void this.startOver());
    this.timer.pauseButton.addEventListener('click', () => this.toggleTimer());
    this.timer.moreButton.addEventListener('click', () => this.extendTimer());
    this.timedSwitch?.addEventListener('click', () => this.setTimedChoices(!this.timedChoices));
    this.elsewhereButton?.addEventListener('click', () => void this.continueElsewhere());
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
        } else if ((event.key === 't' || event.key === 'T') && this.timer.visible) {
          event.preventDefault();
          this.timer.pauseButton.click();
        } else if ((event.key === 'e' || event.key === 'E') && this.timer.visible) {
          event.preventDefault();
          this.timer.moreButton.click();
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

  /** The viewer's 'Timed choices' setting, for every story on this device. */
  private setTimedChoices(on: boolean) {
    this.timedChoices = on;
    setTimedChoicesOn(this.storage, on);
    this.renderTimedSwitch();
    // Off: a running countdown stops and its choice waits for the viewer.
    const current = this.current;
    if (!current || current.chosen) return;
    if (!on) {
      current.countdown?.stop();
      current.countdown = null;
      current.decisionSeconds = null;
      this.timer.hide();
    } else if (!current.choicesShown && current.entry.step.kind === 'choose') {
      current.decisionSeconds = current.entry.step.decision_seconds;
    }
  }

  private renderTimedSwitch() {
    const button = this.timedSwitch;
    if (!button) return;
    setIconButton(button, this.timedChoices ? 'timer' : 'timerOff', this.texts.words.timedChoices);
    button.setAttribute('aria-checked', String(this.timedChoices));
  }

  /** 'Continue on another device': its dialog is loaded when asked for. */
  private async continueElsewhere() {
    const button = this.elsewhereButton;
    const slug = this.options.resumeSlug;
    const current = this.current;
    if (!button || !slug || !current) return;
    const state = this.walk.stateAt(current.index);
    this.video.pause();
    const { openResumeLinkDialog } = await import('./ui/resume-link-dialog.ts');
    openResumeLinkDialog({
      host: this.layer,
      texts: this.texts,
      slug,
      title: this.data.title,
      state,
      opener: button,
    });
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
    this.closeChoices();
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
