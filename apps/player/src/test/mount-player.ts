import './browser-stubs.ts';
import type { ViewEvent } from '@plotline/core';
import { getByRole } from '@testing-library/dom';
import { Texts } from '../i18n/texts.ts';
import { buildStory } from '../story/story.ts';
import { StoryPlayer, type StoryPlayerOptions } from '../story-player.ts';
import type { ViewEventLog } from '../view-events/view-event-log.ts';
import { FakeBranchPlayer } from './fake-branch-player.ts';
import { makeWatchData } from './watch-data.ts';

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The player in jsdom (UI tests), loaded over a fake engine, its viewing events recorded; in
 * English unless `texts` says otherwise; without resume (a preview's) unless `options` say.
 */
export async function mount(
  overrides: Parameters<typeof makeWatchData>[0] = {},
  texts = new Texts(),
  /** Resume, a preview's start state, the storage. */
  options: Partial<StoryPlayerOptions> = {},
) {
  const data = makeWatchData(overrides);
  const engine = new FakeBranchPlayer();
  const recorded: Omit<ViewEvent, 'at'>[] = [];
  const events = {
    record: (event: Omit<ViewEvent, 'at'>) => recorded.push(event),
    addWatched: () => {},
  };
  const player = new StoryPlayer({
    data,
    story: buildStory(data)!,
    texts,
    forceMobile: false,
    browserLanguages: ['en-US'],
    events: events as unknown as ViewEventLog,
    shareUrl: 'https://plotline.test/watch/the-fork',
    createEngine: () => engine,
    ...options,
  });
  document.body.replaceChildren(player.element);
  player.load();
  await flush();
  const page = player.element;
  return { engine, recorded, page, player, video: page.querySelector('video')! };
}

/** Presses a button as a browser does with a pointer or a key: focused, then clicked. */
export function press(button: HTMLElement) {
  button.focus();
  button.click();
}

/** Plays from the Play button to the question (node 2, path index 1), its choices not shown yet. */
export async function playToQuestion(texts = new Texts()) {
  const mounted = await mount({}, texts);
  press(getByRole(mounted.page, 'button', { name: texts.words.play }));
  await flush();
  mounted.engine.show(0);
  mounted.engine.show(1);
  return mounted;
}
