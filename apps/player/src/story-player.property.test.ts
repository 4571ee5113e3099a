// @vitest-environment jsdom
import { walkStory } from '@plotline/core/story-check';
import { getByRole, within } from '@testing-library/dom';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomStory } from '../../../packages/core/src/test/random-story.ts';
import { Texts } from './i18n/texts.ts';
import { resumeKey } from './story/resume-state.ts';
import { flush, mount, press } from './test/mount-player.ts';
import { picker, watchDataOf } from './test/random-watch-data.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  localStorage.clear();
});

const MAX_STEPS = 12;

describe('the story player on random stories', () => {
  it('plays the core’s path: what it queues in the engine, the choices it shows, the timer’s default and the values', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomStory({ maxNodes: 8 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        async (story, seeds) => {
          // The core's walk, noting each pick with the options it was made among.
          const picks: { options: number[]; picked: number | 'timer' }[] = [];
          const pick = picker(seeds);
          const expected = walkStory(
            story.nodes,
            story.variables,
            (step) => {
              const picked = pick(step);
              picks.push({ options: step.options, picked });
              return picked;
            },
            MAX_STEPS,
          );

          const { engine, page } = await mount(watchDataOf(story), new Texts(), {
            resumeSlug: 'random',
          });
          press(getByRole(page, 'button', { name: 'Play' }));
          await flush();
          for (let index = 0; index < expected.path.length; index += 1) {
            expect(engine.path[index]?.id).toBe(expected.path[index]);
            engine.show(index);
            if (index + 1 === expected.path.length) break;
            if (engine.path.length > index + 1) continue;
            // A choice: shown in the node's last seconds, the same options in the same order.
            engine.playTo(index, 7.9, 8);
            const { options, picked } = picks.shift()!;
            const buttons = within(getByRole(page, 'region', { name: 'Choices' })).getAllByRole(
              'button',
            );
            expect(buttons).toHaveLength(options.length);
            if (picked === 'timer') await vi.advanceTimersByTimeAsync(10_500);
            else press(buttons[options.indexOf(picked)]!);
          }
          if (expected.end !== 'max-steps') {
            expect(engine.path.map((node) => node.id)).toEqual(expected.path);
            expect(engine.end).toHaveBeenCalledTimes(1);
          }
          const saved = JSON.parse(localStorage.getItem(resumeKey('random'))!);
          expect(saved.state.values).toEqual(expected.values);
          document.body.replaceChildren();
          localStorage.clear();
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);
});
