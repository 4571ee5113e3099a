import { z } from 'zod';
import { idSchema } from './ids.ts';
import { listQuerySchema, pageSchema } from './paging.ts';
import { MESSAGES } from './messages.ts';
import { COMPANY_TYPES } from './roles.ts';
import { emailSchema } from './validation.ts';

export const COMPANY_STATUSES = ['active', 'disabled'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_NAME_MAX = 120;

const companyName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(COMPANY_NAME_MAX, { error: `At most ${COMPANY_NAME_MAX} characters` });

export const companyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  status: z.enum(COMPANY_STATUSES),
  user_count: z.number().int(),
  created_at: z.string(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;

export const COMPANY_SORTABLE = ['name', 'type', 'status', 'user_count', 'created_at'] as const;
export const companyListQuerySchema = listQuerySchema(COMPANY_SORTABLE);
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
export const companyPageSchema = pageSchema(companyRowSchema);

/** POST /api/company: a company and the invitation of its first superadmin. */
export const createCompanySchema = z.strictObject({
  name: companyName,
  type: z.enum(COMPANY_TYPES, { error: MESSAGES.required }),
  adminEmail: emailSchema,
});
export type CreateCompany = z.infer<typeof createCompanySchema>;

/** PUT /api/company/{id}: any of name, type and status. */
export const updateCompanySchema = z
  .strictObject({
    name: companyName.optional(),
    type: z.enum(COMPANY_TYPES).optional(),
    status: z.enum(COMPANY_STATUSES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nothing to change',
  });
export type UpdateCompany = z.infer<typeof updateCompanySchema>;

/** POST /api/company/profile: a company account names itself. */
export const companyProfileSchema = z.strictObject({
  user_id: idSchema.optional(),
  name: companyName,
});
