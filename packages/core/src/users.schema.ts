import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.schema.ts';
import { MESSAGES } from './messages.ts';
import { listQuerySchema, pageSchema } from './paging.schema.ts';
import { ROLES } from './roles.ts';
import { COMPANY_ROLES, STAFF_ROLES, USER_SORTABLE, USER_STATUSES } from './users.ts';
import { emailSchema, requiredString, signInEmailSchema } from './validation.schema.ts';
import { PASSWORD_MIN_LENGTH } from './validation.ts';

const password = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(200, { error: 'At most 200 characters' });

const personName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(120, { error: 'At most 120 characters' });

export const userRowSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  last_login_at: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  created_at: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userListQuerySchema = listQuerySchema(USER_SORTABLE).extend({
  /** Internal callers only: narrow the list to one company. */
  companyId: idParamSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userPageSchema = pageSchema(userRowSchema);

/** POST /api/user/invite. `companyId` is needed only when the caller belongs to no company. */
export const inviteUserSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(COMPANY_ROLES, { error: MESSAGES.required }),
  companyId: idSchema.optional(),
});
export type InviteUser = z.infer<typeof inviteUserSchema>;

/** POST /api/internal-user/invite. */
export const inviteStaffSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(STAFF_ROLES, { error: MESSAGES.required }),
});
export type InviteStaff = z.infer<typeof inviteStaffSchema>;

/** PUT /api/user/{id} and /api/internal-user/{id}. */
export const updateUserSchema = z
  .strictObject({
    role: z.enum(ROLES).optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .refine((body) => body.role !== undefined || body.status !== undefined, {
    error: 'Nothing to change',
  });
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** POST /api/v1.6/auth/invite: the token from the invitation link. */
export const acceptInviteSchema = z.strictObject({ t: requiredString });

/** POST /api/user/register. `username` is the display name. */
export const registerSchema = z.strictObject({
  username: personName,
  email: emailSchema,
  password,
});
export type Register = z.infer<typeof registerSchema>;

/** POST /api/user/forgot_password. */
export const forgotPasswordSchema = z.strictObject({ email: signInEmailSchema });

/** POST /api/user/new_password: an invited user's first password. */
export const newPasswordSchema = z.strictObject({
  user_id: idSchema.optional(),
  new_password: password,
});

/** POST /api/user/renew_password: a new password through the link of a reset mail. */
export const renewPasswordSchema = z.strictObject({ t: requiredString, new_password: password });

/** POST /api/user/reset_password: a signed-in user changes their password. */
export const changePasswordSchema = z.strictObject({
  user_id: idSchema.optional(),
  current_password: requiredString,
  password,
});

/** POST /api/user/profile. */
export const userProfileSchema = z.strictObject({
  user_id: idSchema.optional(),
  full_name: personName,
});

/** The new-password forms (set, renew, change): the spec's two messages. */
export const passwordPairSchema = z
  .object({ password, retype: z.string() })
  .refine((form) => form.password === form.retype, {
    error: MESSAGES.passwordMismatch,
    path: ['retype'],
  });

/**
 * The register form's retype rule on its own: Zod skips an object's refinement while any field is
 * invalid, and the form checks the retype as it is typed, before the name, the email and the terms
 * are filled in.
 */
const retypedPasswordSchema = z
  .object({ password: z.string(), retype: z.string() })
  .refine((form) => form.password === form.retype, {
    error: MESSAGES.passwordsDontMatch,
    path: ['retype'],
  });

/** The register form: the API body plus the retyped password and the terms. */
export const registerFormSchema = registerSchema
  .extend({
    retype: z.string(),
    terms: z.literal(true, { error: MESSAGES.required }),
  })
  .and(retypedPasswordSchema);
