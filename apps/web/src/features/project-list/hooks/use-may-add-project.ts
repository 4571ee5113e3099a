import { can } from '@plotline/core';
import { useSubject } from '../../../lib/use-subject.ts';

/** Whether the viewer holds canAddProject: creates projects, edits and deletes drafts (spec §6). */
export function useMayAddProject(): boolean {
  const subject = useSubject();
  return subject !== null && can(subject, 'canAddProject');
}
