import { walkStory } from '@plotline/core/story-check';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomStory } from '../../../../packages/core/src/test/random-story.ts';
import { picker, watchDataOf } from '../test/random-watch-data.ts';
import { buildStory } from './story.ts';
import { StoryWalk } from './story-walk.ts';

const MAX_STEPS = 40;

/** The player's walk of a story with these picks, as the story player drives it. */
function playerWalk(walk: StoryWalk, pick: ReturnType<typeof picker>) {
  walk.begin();
  for (let moves = 0; ; moves += 1) {
    const { step } = walk.last;
    if (step.kind === 'ending' || step.kind === 'stuck') return step.kind;
    if (moves >= MAX_STEPS) return 'max-steps';
    if (step.kind === 'follow') walk.follow();
    else {
      const picked = pick(step);
      // The timer takes the default, as the countdown's end does.
      const taken = walk.take(picked === 'timer' ? step.default_option_id! : picked);
      if (!taken) throw new Error(`${String(picked)} is not an option`);
    }
  }
}

describe('the player’s walk', () => {
  it('takes the path, ends and values of the core’s evaluation on random stories', () => {
    fc.assert(
      fc.property(
        randomStory({ maxNodes: 10 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        (story, seeds) => {
          const expected = walkStory(story.nodes, story.variables, picker(seeds), MAX_STEPS);
          const walk = new StoryWalk(buildStory(watchDataOf(story))!, story.variables);
          const end = playerWalk(walk, picker(seeds));
          expect(walk.entries.map(({ node }) => node.id)).toEqual(expected.path);
          expect(walk.last.values).toEqual(expected.values);
          expect(end).toBe(expected.end);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('resumes at any node of a walk with the values and the step it had there', () => {
    fc.assert(
      fc.property(
        randomStory({ maxNodes: 10 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        (story, seeds, cut) => {
          const built = buildStory(watchDataOf(story))!;
          const whole = new StoryWalk(built, story.variables);
          playerWalk(whole, picker(seeds));
          const at = cut % whole.entries.length;
          const state = whole.stateAt(at);
          expect(state.history).toEqual(whole.entries.slice(0, at).map(({ node }) => node.id));
          const resumed = new StoryWalk(built, story.variables);
          resumed.begin(state);
          expect(resumed.last).toEqual(whole.entries[at]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
