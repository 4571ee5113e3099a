import { oidcLinkResponseSchema, type OidcLinkRequest } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { LINKED_IDENTITIES_PATH } from './linked-identities.ts';

export const LINK_IDENTITY_PATH = `${LINKED_IDENTITIES_PATH}/link`;

/**
 * Opens the link of a further provider once the password is proven: answers where the popup (or
 * the page) goes, the provider's sign-in or the result page with an error.
 */
export function startIdentityLink(body: OidcLinkRequest) {
  return apiRequest(LINK_IDENTITY_PATH, { method: 'POST', body, schema: oidcLinkResponseSchema });
}

export function startIdentityLinkMutationOptions() {
  return mutationOptions({
    mutationKey: ['profile', 'link-identity'],
    mutationFn: startIdentityLink,
  });
}

export function useStartIdentityLink() {
  return useMutation(startIdentityLinkMutationOptions());
}
