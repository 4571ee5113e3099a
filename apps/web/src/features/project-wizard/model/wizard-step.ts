import type { Project } from '@plotline/core';

/** Spec §2: the project wizard's four steps, in order; the address's `step` is the 1-based index. */
export const WIZARD_STEPS = ['projectInfo', 'content', 'storyline', 'publish'] as const;
export type WizardStepKey = (typeof WIZARD_STEPS)[number];
export type WizardStep = 1 | 2 | 3 | 4;

/** The step in the address (`?step=`); anything else is step 1. */
export function parseStep(param: string | null): WizardStep {
  if (param === '2' || param === '3' || param === '4') return Number(param) as WizardStep;
  return 1;
}

/** What step 1 needs before Next (spec §2), in the order of the form. */
export type StepOneNeed = 'title' | 'view_mode' | 'thumbnailMobile' | 'thumbnailDesktop';

/** What the saved project still lacks for Next: title, orientation and both thumbnails. */
export function stepOneNeeds(project: Pick<Project, StepOneNeed> | undefined): StepOneNeed[] {
  if (!project) return ['title', 'view_mode', 'thumbnailMobile', 'thumbnailDesktop'];
  const needs: StepOneNeed[] = [];
  if (project.title.trim() === '') needs.push('title');
  if (!project.view_mode) needs.push('view_mode');
  if (!project.thumbnailMobile) needs.push('thumbnailMobile');
  if (!project.thumbnailDesktop) needs.push('thumbnailDesktop');
  return needs;
}

const PROJECT_CREATE = '/app/project-create';

/**
 * True for the address change that gives a new project its id (`/app/project-create` →
 * `/app/project-create/12`): the same page goes on, so nothing is being left.
 */
export function isNewProjectAddress(from: string, to: string): boolean {
  return (
    from.replace(/\/$/, '') === PROJECT_CREATE && new RegExp(`^${PROJECT_CREATE}/\\d+$`).test(to)
  );
}
