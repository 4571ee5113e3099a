import {
  idParamSchema,
  companyListQuerySchema,
  companyPageSchema,
  companyRowSchema,
  createCompanySchema,
  updateCompanySchema,
  type CompanyRow,
} from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRight } from '../../http/access.ts';
import { logsActivity } from '../../http/activity-log.ts';
import { originOf } from '../../http/request-origin.ts';
import { envelope, errors } from '../../http/schemas.ts';
import type { CompaniesService } from './companies.service.ts';

const idParams = z.object({ id: idParamSchema });
const access = requireRight('canSeeCompanyList');

const companyActivity = (verb: string, describe: (company: CompanyRow) => string) =>
  logsActivity<CompanyRow>(({ data }) => ({
    action: `company.${verb}`,
    entityType: 'company',
    entityId: data.id,
    companyId: data.id,
    summary: describe(data),
  }));

export function registerCompaniesRoutes(app: FastifyInstance, companies: CompaniesService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/company',
    {
      config: { access },
      schema: {
        tags: ['companies'],
        summary: 'List, search, sort and page the companies',
        querystring: companyListQuerySchema,
        response: { 200: envelope(companyPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await companies.list(request.query) }),
  );

  routes.post(
    '/api/company',
    {
      config: {
        access,
        activity: companyActivity(
          'created',
          (company) => `Created the ${company.type} "${company.name}"`,
        ),
      },
      schema: {
        tags: ['companies'],
        summary: 'Create a company and invite its first superadmin',
        body: createCompanySchema,
        response: { 201: envelope(companyRowSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const row = await companies.create(request.body, originOf(request).language ?? 'en');
      return reply.status(201).send({ data: row });
    },
  );

  routes.put(
    '/api/company/:id',
    {
      config: {
        access,
        activity: companyActivity(
          'updated',
          (company) => `Set "${company.name}" to ${company.type}, ${company.status}`,
        ),
      },
      schema: {
        tags: ['companies'],
        summary: 'Change the name, the type or the status',
        params: idParams,
        body: updateCompanySchema,
        response: { 200: envelope(companyRowSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await companies.update(request.params.id, request.body) }),
  );

  routes.delete(
    '/api/company/:id',
    {
      config: {
        access,
        activity: companyActivity('disabled', (company) => `Disabled "${company.name}"`),
      },
      schema: {
        tags: ['companies'],
        summary: "Disable: the company's users can no longer sign in",
        params: idParams,
        response: { 200: envelope(companyRowSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({
      data: await companies.update(request.params.id, { status: 'disabled' }),
    }),
  );
}
