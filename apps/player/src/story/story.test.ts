import type { WatchData } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makeWatchData } from '../test/watch-data.ts';
import { whenNodeEnds } from '@plotline/core/plot-tree';
import { buildStory, CHOICE_LEAD_SECONDS, choicesShownFrom } from './story.ts';

describe('what comes next at a node’s end', () => {
  const story = buildStory(makeWatchData())!;

  it('follows a single child by itself', () => {
    expect(whenNodeEnds(story.root.children)).toEqual({ kind: 'follow', node: story.node(2) });
  });

  it('asks the viewer among several children, in sibling order', () => {
    const step = whenNodeEnds(story.node(2)!.children);
    expect(step.kind).toBe('choose');
    expect(step.kind === 'choose' && step.options.map((option) => option.id)).toEqual([3, 4]);
  });

  it('ends where a node has no children', () => {
    expect(whenNodeEnds(story.node(3)!.children)).toEqual({ kind: 'ending' });
  });
});

describe('buildStory', () => {
  it('gives each node its item and banners', () => {
    const story = buildStory(makeWatchData())!;
    expect(story.root.item.movie_content_id).toBe(10);
    expect(story.root.banners).toEqual([{ type: 'vertical', time_start: 2 }]);
    expect(story.item(11)?.captions['1']).toBe('Which path?');
  });

  it('keeps sibling order whatever order the plot lists parents and children in', () => {
    const data = makeWatchData();
    const story = buildStory({ ...data, plot: [...data.plot].reverse() })!;
    expect(story.root.id).toBe(1);
    expect(story.node(2)!.children.map((node) => node.id)).toEqual([4, 3]);
  });

  it('leaves out a node whose item is missing: nothing leads past it', () => {
    const data = makeWatchData();
    const story = buildStory({
      ...data,
      items: data.items.filter((item) => item.movie_content_id !== 11),
    })!;
    expect(story.root.children).toEqual([]);
    expect(story.node(2)).toBeUndefined();
  });

  it('has no story without a root', () => {
    const data: WatchData = { ...makeWatchData(), plot: [] };
    expect(buildStory(data)).toBeNull();
  });
});

describe('when the choices appear', () => {
  it('in the last seconds of a node', () => {
    expect(CHOICE_LEAD_SECONDS).toBeGreaterThanOrEqual(1.5);
    expect(choicesShownFrom(20)).toBe(20 - CHOICE_LEAD_SECONDS);
  });

  it('from its start when it is shorter than that', () => {
    expect(choicesShownFrom(3)).toBe(0);
    expect(choicesShownFrom(CHOICE_LEAD_SECONDS)).toBe(0);
  });
});
