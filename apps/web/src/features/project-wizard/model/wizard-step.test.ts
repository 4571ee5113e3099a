import { describe, expect, it } from 'vitest';
import { isNewProjectAddress, parseStep, stepOneNeeds } from './wizard-step.ts';

describe('parseStep', () => {
  it('reads steps 2 to 4 and takes anything else for step 1', () => {
    expect(parseStep('2')).toBe(2);
    expect(parseStep('4')).toBe(4);
    for (const param of [null, '', '1', '5', '0', 'two', '2.0']) expect(parseStep(param)).toBe(1);
  });
});

describe('stepOneNeeds', () => {
  const complete = {
    title: 'The forest',
    view_mode: 'vertical' as const,
    thumbnailMobile: '/m.png',
    thumbnailDesktop: '/d.png',
  };

  it('needs nothing of a complete project', () => {
    expect(stepOneNeeds(complete)).toEqual([]);
  });

  it('names what is missing, in the order of the form', () => {
    expect(
      stepOneNeeds({ ...complete, title: '  ', thumbnailDesktop: null, view_mode: null }),
    ).toEqual(['title', 'view_mode', 'thumbnailDesktop']);
    expect(stepOneNeeds(undefined)).toEqual([
      'title',
      'view_mode',
      'thumbnailMobile',
      'thumbnailDesktop',
    ]);
  });
});

describe('isNewProjectAddress', () => {
  it('is the step from the address without an id to the one with it, nothing else', () => {
    expect(isNewProjectAddress('/app/project-create', '/app/project-create/12')).toBe(true);
    expect(isNewProjectAddress('/app/project-create/', '/app/project-create/12')).toBe(true);
    expect(isNewProjectAddress('/app/project-create/5', '/app/project-create/12')).toBe(false);
    expect(isNewProjectAddress('/app/project-create', '/app/project-list')).toBe(false);
    expect(isNewProjectAddress('/app/project-create', '/app/project-create/12/x')).toBe(false);
  });
});
