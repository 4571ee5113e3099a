import { asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { CompanyStatus, CompanyType } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import { companies, users } from '../../db/schema/index.ts';
import { containing } from '../../db/like-patterns.ts';

export interface CompanyRecord {
  id: number;
  name: string;
  type: CompanyType;
  status: CompanyStatus;
  userCount: number;
  createdAt: Date;
}

export interface CompanyListFilter {
  search?: string | undefined;
  sort: { field: string; descending: boolean };
  page: number;
  perPage: number;
}

// Qualified by hand: inside the subquery a bare column name would resolve to the users table.
const userCount = sql<number>`(SELECT count(*) FROM ${users} WHERE ${users}.company_id = ${companies}.id)::int`;

const companyColumns = {
  id: companies.id,
  name: companies.name,
  type: companies.type,
  status: companies.status,
  userCount,
  createdAt: companies.createdAt,
};

const SORT_COLUMNS = {
  name: companies.name,
  type: companies.type,
  status: companies.status,
  user_count: userCount,
  created_at: companies.createdAt,
} as const;

export function createCompaniesRepository(db: Executor) {
  return {
    async findCompanyById(id: number, tx: Executor = db): Promise<CompanyRecord | null> {
      const [row] = await tx.select(companyColumns).from(companies).where(eq(companies.id, id));
      return row ?? null;
    },

    async listCompanies(filter: CompanyListFilter, tx: Executor = db) {
      const where = filter.search ? ilike(companies.name, containing(filter.search)) : undefined;
      const column =
        SORT_COLUMNS[filter.sort.field as keyof typeof SORT_COLUMNS] ?? companies.createdAt;
      const rows = await tx
        .select(companyColumns)
        .from(companies)
        .where(where)
        .orderBy(filter.sort.descending ? desc(column) : asc(column), asc(companies.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage);
      const [total] = await tx.select({ value: count() }).from(companies).where(where);
      return { rows, total: total?.value ?? 0 };
    },

    /** How many companies there are, and how many of them are active. */
    async countCompanies(tx: Executor = db): Promise<{ total: number; active: number }> {
      const [row] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${companies.status} = 'active'))::int`,
        })
        .from(companies);
      return row ?? { total: 0, active: 0 };
    },

    async insertCompany(company: { name: string; type: CompanyType }, tx: Executor = db) {
      const [row] = await tx.insert(companies).values(company).returning({ id: companies.id });
      return row!.id;
    },

    async updateCompany(
      id: number,
      changes: Partial<{ name: string; type: CompanyType; status: CompanyStatus }>,
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(companies)
        .set({ ...changes, updatedAt: at })
        .where(eq(companies.id, id));
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
