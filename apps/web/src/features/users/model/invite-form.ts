import { MESSAGES, ROLES, inviteUserSchema } from '@plotline/core';
import { z } from 'zod';

/**
 * The invitation form of both lists: the core invitation, with a role out of either list (the select
 * offers only the roles the caller may give) and, for a caller outside every company, the company.
 */
export function inviteFormSchema(needsCompany: boolean) {
  return inviteUserSchema
    .extend({ role: z.enum(ROLES, { error: MESSAGES.required }) })
    .refine((form) => !needsCompany || form.companyId !== undefined, {
      error: MESSAGES.companyRequired,
      path: ['companyId'],
    });
}

export type Invitation = z.infer<ReturnType<typeof inviteFormSchema>>;
