import {
  MESSAGES,
  parseSort,
  type CompanyListQuery,
  type CompanyRow,
  type CreateCompany,
  type Language,
  type Page,
  type UpdateCompany,
} from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { refuseTakenEmail } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import type { AccountLinks } from '../account-links/account-links.ts';
import type { SessionsRepository } from '../sessions/sessions.repository.ts';
import { insertInvitedUser } from '../users/invitations.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { CompaniesRepository, CompanyRecord } from './companies.repository.ts';

export function toCompanyRow(company: CompanyRecord): CompanyRow {
  return {
    id: company.id,
    name: company.name,
    type: company.type,
    status: company.status,
    user_count: company.userCount,
    created_at: company.createdAt.toISOString(),
  };
}

/** Companies, managed by Plotline's staff (the route's right says who); they see every company. */
export function createCompaniesService(deps: {
  companies: Pick<
    CompaniesRepository,
    'findCompanyById' | 'listCompanies' | 'insertCompany' | 'updateCompany'
  >;
  users: Pick<UsersRepository, 'insertUser'>;
  sessions: Pick<SessionsRepository, 'revokeCompanySessions'>;
  links: AccountLinks;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { companies, users, sessions, links, clock, transaction } = deps;

  async function requireCompany(id: number): Promise<CompanyRecord> {
    const company = await companies.findCompanyById(id);
    if (!company) throw new AppError(404, MESSAGES.companyNotFound);
    return company;
  }

  return {
    async list(query: CompanyListQuery): Promise<Page<CompanyRow>> {
      const page = await companies.listCompanies({
        search: query.search,
        sort: parseSort(query.sort, '-created_at'),
        page: query.page,
        perPage: query.perPage,
      });
      return { rows: page.rows.map(toCompanyRow), total: page.total };
    },

    /** A new company and the invitation of its first superadmin, together or not at all. */
    async create(input: CreateCompany, language: Language): Promise<CompanyRow> {
      const { companyId, mail } = await refuseTakenEmail(() =>
        transaction(async (tx) => {
          const newCompanyId = await companies.insertCompany(
            { name: input.name, type: input.type },
            tx,
          );
          const invitation = await insertInvitedUser(
            { users, links },
            {
              email: input.adminEmail,
              role: 'superadmin',
              companyId: newCompanyId,
              companyName: input.name,
              language,
            },
            tx,
          );
          return { companyId: newCompanyId, mail: invitation.mail };
        }),
      );
      await links.send(mail);
      return toCompanyRow(await requireCompany(companyId));
    },

    /** Disabling a company also ends its users' sessions: they can no longer sign in. */
    async update(id: number, changes: UpdateCompany): Promise<CompanyRow> {
      await requireCompany(id);
      const at = clock.now();
      await transaction(async (tx) => {
        await companies.updateCompany(id, changes, at, tx);
        if (changes.status === 'disabled') await sessions.revokeCompanySessions(id, at, tx);
      });
      return toCompanyRow(await requireCompany(id));
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
