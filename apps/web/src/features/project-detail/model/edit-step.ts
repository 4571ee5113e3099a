import { CONTENT_TYPE, stepTwoProblems, type Project } from '@plotline/core';

/**
 * The wizard step Edit opens a draft at: the first one that still needs work (step 1's info and
 * artwork, step 2's items and captions), else the storyline, step 3.
 */
export function editStep(project: Project): 1 | 2 | 3 {
  if (
    !project.title.trim() ||
    !project.view_mode ||
    !project.thumbnailMobile ||
    !project.thumbnailDesktop
  ) {
    return 1;
  }
  const clips = project.movieContent.filter((item) => item.type === CONTENT_TYPE.clip);
  if (clips.length === 0 || stepTwoProblems(project.movieContent, { saved: true }).length > 0) {
    return 2;
  }
  return 3;
}
