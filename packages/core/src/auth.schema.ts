import { z } from 'zod';
import { COMPANY_TYPES, ROLES } from './roles.ts';
import { IDENTITY_PROVIDER_KINDS } from './identity-providers.ts';
import { requiredString, signInEmailSchema } from './validation.schema.ts';

/** POST /api/v1.6/auth/login. `username` holds the email. */
export const loginRequestSchema = z.strictObject({
  username: signInEmailSchema,
  password: requiredString,
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in user as sign-in and /api/user/me report it. `password`: whether one is set. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  company_type: z.enum(COMPANY_TYPES).nullable(),
  avatar: z.string().nullable(),
  password: z.boolean(),
  /** The identity providers linked to the account (a way to sign in without a password). */
  identity_providers: z.array(z.enum(IDENTITY_PROVIDER_KINDS)),
  /** Whether the user has finished or dismissed the welcome guide (§2), on any device. */
  guide_done: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = sessionUserSchema.extend({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
