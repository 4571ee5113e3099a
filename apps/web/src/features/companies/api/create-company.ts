import { companyRowSchema, type CreateCompany } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { COMPANIES_KEY, COMPANIES_PATH } from './list-companies.ts';

/** Creates a company and invites `adminEmail` as its Super Admin. */
export function createCompany(body: CreateCompany) {
  return apiRequest(COMPANIES_PATH, { method: 'POST', body, schema: companyRowSchema });
}

export function createCompanyMutationOptions() {
  return mutationOptions({ mutationKey: [...COMPANIES_KEY, 'create'], mutationFn: createCompany });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createCompanyMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
