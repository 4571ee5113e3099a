import type { FollowReason } from '@plotline/core';
import type { TFunction } from 'i18next';
import type { StopView } from './path-trail.ts';

const FOLLOW_KEYS: Record<FollowReason, string> = {
  goto: 'storyPaths.step.goto',
  'only-option': 'storyPaths.step.onlyOption',
  auto: 'storyPaths.step.auto',
  fallback: 'storyPaths.step.fallback',
};

/**
 * What a plot's step means, in words: how the story goes on from here for the values the path has
 * (an ending, a dead end, a link, an automatic branch's pick, or the viewer's choice).
 */
export function stepSentence(view: StopView, nameOf: (id: number) => string, t: TFunction): string {
  const { step } = view;
  switch (step.kind) {
    case 'ending':
      return t('storyPaths.step.ending');
    case 'stuck':
      return t('storyPaths.step.stuck');
    case 'follow':
      return t(FOLLOW_KEYS[step.reason], { caption: nameOf(step.next) });
    case 'choose':
      return t('storyPaths.step.choose', { number: step.options.length });
  }
}
