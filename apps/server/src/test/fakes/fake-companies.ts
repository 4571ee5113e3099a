import type { CompanyStatus, CompanyType } from '@plotline/core';
import type { CompaniesRepository } from '../../modules/companies/companies.repository.ts';
import type { FakeTable } from './fake-database.ts';

/** A row of the fake `companies` table. */
export interface FakeCompanyRow {
  id: number;
  name: string;
  type: CompanyType;
  status: CompanyStatus;
  updatedAt: Date | null;
}

export type FakeCompanies = FakeTable<FakeCompanyRow>;

/** The writes of the companies repository that account services make (sign-up, the profile). */
export function createFakeCompanies(companies: FakeCompanies) {
  const repository: Pick<CompaniesRepository, 'insertCompany' | 'updateCompany'> = {
    async insertCompany(company, tx) {
      return companies.insert({ ...company, status: 'active', updatedAt: null }, tx).id;
    },

    async updateCompany(id, changes, at, tx) {
      companies.update(id, { ...changes, updatedAt: at }, tx);
    },
  };
  return repository;
}
