import { sessionUserSchema } from '@plotline/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const CURRENT_USER_PATH = '/api/user/me';

export function fetchCurrentUser() {
  return apiRequest(CURRENT_USER_PATH, { schema: sessionUserSchema });
}

/** Keyed by token: each session is checked once, and a new sign-in never sees the last user's data. */
export function currentUserQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['session', 'me', token],
    queryFn: fetchCurrentUser,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCurrentUser(token: string | null) {
  return useQuery({ ...currentUserQueryOptions(token ?? ''), enabled: token !== null });
}
