import { isCompanyProfile, sessionUserSchema, type SessionUser } from '@plotline/core';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAppStore } from '../../../lib/app-store.ts';

export const USER_PROFILE_PATH = '/api/user/profile';
export const COMPANY_PROFILE_PATH = '/api/company/profile';

interface SaveProfile {
  user: Pick<SessionUser, 'id' | 'role' | 'company_type'>;
  name: string;
}

/**
 * Saves the profile's name. A company's own superadmin names the company (company/profile, `name`);
 * everyone else names themselves (user/profile, `full_name`). Both answer with the updated user.
 */
export function saveProfile({ user, name }: SaveProfile) {
  return isCompanyProfile(user)
    ? apiRequest(COMPANY_PROFILE_PATH, {
        method: 'POST',
        body: { user_id: user.id, name },
        schema: sessionUserSchema,
      })
    : apiRequest(USER_PROFILE_PATH, {
        method: 'POST',
        body: { user_id: user.id, full_name: name },
        schema: sessionUserSchema,
      });
}

export function saveProfileMutationOptions() {
  return mutationOptions({ mutationKey: ['profile', 'save'], mutationFn: saveProfile });
}

export function useSaveProfile() {
  const updateUser = useAppStore((state) => state.updateUser);
  return useMutation({ ...saveProfileMutationOptions(), onSuccess: updateUser });
}
