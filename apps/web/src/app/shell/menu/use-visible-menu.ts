import { useMemo } from 'react';
import { useSubject } from '../../../lib/use-subject.ts';
import { visibleMenu, type MenuGroup } from './menu.ts';

/** The menu the signed-in user may see. */
export function useVisibleMenu(): MenuGroup[] {
  const subject = useSubject();
  return useMemo(() => (subject ? visibleMenu(subject) : []), [subject]);
}
