import {
  changePasswordSchema,
  companyProfileSchema,
  isCompanyProfile,
  passwordPairSchema,
  userProfileSchema,
  type SessionUser,
} from '@plotline/core';
import { z } from 'zod';

type ProfileOwner = Pick<SessionUser, 'role' | 'company_type'>;
type ProfileDrawerOwner = ProfileOwner & Pick<SessionUser, 'password'>;

/** The translation key of the name field's label: 'Company Name' or 'Full Name' (spec §5). */
export function nameLabelKey(user: ProfileOwner): 'profile.companyName' | 'profile.fullName' {
  return isCompanyProfile(user) ? 'profile.companyName' : 'profile.fullName';
}

/** The name's rule is the one of the call that will save it. */
function nameSchema(user: ProfileOwner) {
  return isCompanyProfile(user)
    ? companyProfileSchema.shape.name
    : userProfileSchema.shape.full_name;
}

/** The create-profile form: the name. */
export function profileNameFormSchema(user: ProfileOwner) {
  return z.object({ name: nameSchema(user) });
}

export interface ProfileDrawerValues {
  name: string;
  currentPassword: string;
  password: string;
  retype: string;
}

/**
 * The profile drawer's form: the name, and a password change only when one is typed; then the
 * current password is required (of an account that has one: one signing in with an identity
 * provider only sets its first) and the new one follows the new-password rules.
 */
export function profileDrawerFormSchema(user: ProfileDrawerOwner) {
  return z
    .object({
      name: nameSchema(user),
      currentPassword: z.string(),
      password: z.string(),
      retype: z.string(),
    })
    .superRefine((form, context) => {
      if (!form.currentPassword && !form.password && !form.retype) return;
      if (user.password) {
        const current = changePasswordSchema.shape.current_password.safeParse(form.currentPassword);
        for (const issue of current.error?.issues ?? []) {
          context.addIssue({ code: 'custom', path: ['currentPassword'], message: issue.message });
        }
      }
      const pair = passwordPairSchema.safeParse({ password: form.password, retype: form.retype });
      for (const issue of pair.error?.issues ?? []) {
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    });
}

/** Whether the drawer's save also changes the password. */
export function changesPassword(values: Pick<ProfileDrawerValues, 'password'>): boolean {
  return values.password !== '';
}
