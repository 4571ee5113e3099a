import { loginResponseSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const ACCEPT_INVITE_PATH = '/api/v1.6/auth/invite';

/** Exchanges the token of an invitation mail for a session of the invited account. */
export function acceptInvite(token: string) {
  return apiRequest(ACCEPT_INVITE_PATH, {
    method: 'POST',
    body: { t: token },
    schema: loginResponseSchema,
  });
}

/**
 * A query rather than a mutation: the token works once, and a query is sent once however often the
 * page mounts (StrictMode mounts it twice). Nothing is kept, so opening the link again asks again.
 */
export function acceptInviteQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'invite', token],
    queryFn: () => acceptInvite(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** Accepts the invitation when there is a token; the public route guard then sends the user on. */
export function useAcceptInvite(token: string | null) {
  const signIn = useAppStore((state) => state.signIn);
  const query = useQuery({ ...acceptInviteQueryOptions(token ?? ''), enabled: token !== null });
  useEffect(() => {
    if (query.data) signIn(query.data);
  }, [query.data, signIn]);
  return query;
}
