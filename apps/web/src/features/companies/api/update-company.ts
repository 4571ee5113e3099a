import { companyRowSchema, type UpdateCompany } from '@plotline/core';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { COMPANIES_KEY, COMPANIES_PATH } from './list-companies.ts';

interface UpdateCompanyRequest {
  id: number;
  changes: UpdateCompany;
}

/** Renames or retypes a company, or enables it again (`status: 'active'`). */
export function updateCompany({ id, changes }: UpdateCompanyRequest) {
  return apiRequest(`${COMPANIES_PATH}/${id}`, {
    method: 'PUT',
    body: changes,
    schema: companyRowSchema,
  });
}

export function updateCompanyMutationOptions() {
  return mutationOptions({ mutationKey: [...COMPANIES_KEY, 'update'], mutationFn: updateCompany });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateCompanyMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
