import type { WatchData } from '@plotline/core';
import type { ChoiceStep } from '@plotline/core/story-check';
import type { RandomStory } from '../../../../packages/core/src/test/random-story.ts';
import { makeWatchData } from './watch-data.ts';

/** One of core's random stories (packages/core/src/test/random-story.ts) as the player's data. */
export function watchDataOf(story: RandomStory): WatchData {
  const base = makeWatchData();
  return {
    ...base,
    languages: [],
    items: story.items.map((item) => ({
      movie_content_id: item.movie_content_id,
      type: item.type,
      duration: 8,
      hls_url: `/media/${item.movie_content_id}/master.m3u8`,
      poster: null,
      captions: { 1: `Item ${item.movie_content_id}` },
      subtitles: [],
    })),
    plot: story.nodes.map((node) => ({
      id: node.movie_plot_id,
      movie_content_id: node.movie_content_id ?? 0,
      parent_id: node.parent_id,
      banners: [],
      condition: node.condition,
      effects: node.effects,
      branch: node.branch,
      decision_seconds: node.decision_seconds,
      default_option_id: node.default_option_id,
      goto_id: node.goto_id,
    })),
    variables: story.variables,
  };
}

/**
 * The viewer's picks, the same for the core's walk and the player's: the n-th choice takes the
 * option `seeds[n]` points at among those shown, or lets the timer run where one counts (one
 * more place than there are options).
 */
export function picker(seeds: readonly number[]) {
  let made = 0;
  return (step: Pick<ChoiceStep, 'options' | 'default_option_id'>): number | 'timer' => {
    const seed = seeds[made++ % Math.max(1, seeds.length)] ?? 0;
    const places = step.options.length + (step.default_option_id === null ? 0 : 1);
    const at = seed % places;
    return at === step.options.length ? 'timer' : step.options[at]!;
  };
}
