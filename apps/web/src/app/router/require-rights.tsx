import { canAny, type Right } from '@plotline/core';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { NotFoundPage } from '../../features/errors/components/error-page.tsx';
import { useSubject } from '../../lib/use-subject.ts';

/** What a route declares in its `handle`: the rights of which any one opens it. */
export interface RouteHandle {
  rights?: readonly Right[];
}

function rightsOf(handle: unknown): readonly Right[] | undefined {
  return (handle as RouteHandle | undefined)?.rights;
}

/**
 * Shows the matched page only to a user holding one of its rights (core `canAny`); anyone else
 * gets the not-found page, without the app frame, as if the page did not exist.
 */
export function RequireRights({ children }: { children: ReactNode }) {
  const subject = useSubject();
  const rights = useMatches()
    .map((match) => rightsOf(match.handle))
    .findLast((declared) => declared !== undefined);
  if (!subject || !canAny(subject, rights)) return <NotFoundPage />;
  return children;
}
