import { z } from 'zod';
import { COMPANY_NAME_MAX, COMPANY_SORTABLE, COMPANY_STATUSES } from './companies.ts';
import { idSchema } from './ids.schema.ts';
import { MESSAGES } from './messages.ts';
import { listQuerySchema, pageSchema } from './paging.schema.ts';
import { COMPANY_TYPES } from './roles.ts';
import { emailSchema } from './validation.schema.ts';

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
