import { newsSignupReplySchema, type NewsSignup } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const NEWS_SIGNUP_PATH = '/api/public/news-signup';

/** Leaves an address for news of the launch; answers it as stored (lower-cased). */
export function signUpForNews(body: NewsSignup) {
  return apiRequest(NEWS_SIGNUP_PATH, { method: 'POST', body, schema: newsSignupReplySchema });
}

export function signUpForNewsMutationOptions() {
  return mutationOptions({
    mutationKey: ['public-pages', 'news-signup'],
    mutationFn: signUpForNews,
  });
}

export function useSignUpForNews() {
  return useMutation(signUpForNewsMutationOptions());
}
