import { userPageSchema, type UserListQuery, type UserScope } from '@plotline/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query-string.ts';
import { USER_API_PATHS } from '../model/user-scope.ts';

/** Every query of a scope's users starts with this key, so one invalidation refreshes them all. */
export function usersKey(scope: UserScope) {
  return ['users', scope] as const;
}

export function fetchUsers(scope: UserScope, query: UserListQuery) {
  return apiRequest(withQuery(USER_API_PATHS[scope], query), { schema: userPageSchema });
}

export function usersQueryOptions(scope: UserScope, query: UserListQuery) {
  return queryOptions({
    queryKey: [...usersKey(scope), 'list', query],
    queryFn: () => fetchUsers(scope, query),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(scope: UserScope, query: UserListQuery) {
  return useQuery(usersQueryOptions(scope, query));
}
