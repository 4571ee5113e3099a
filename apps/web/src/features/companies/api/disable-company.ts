import { companyRowSchema } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { COMPANIES_KEY, COMPANIES_PATH } from './list-companies.ts';

/** DELETE disables a company: its users can no longer sign in. Nothing is erased. */
export function disableCompany(id: number) {
  return apiRequest(`${COMPANIES_PATH}/${id}`, { method: 'DELETE', schema: companyRowSchema });
}

export function disableCompanyMutationOptions() {
  return mutationOptions({
    mutationKey: [...COMPANIES_KEY, 'disable'],
    mutationFn: disableCompany,
  });
}

export function useDisableCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    ...disableCompanyMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
