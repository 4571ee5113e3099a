import { MESSAGES } from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../access/caller.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { openTestDatabase, releaseTestDatabase } from '../../test/test-database.ts';
import { createCompaniesRepository } from '../companies/companies.repository.ts';
import { createAppOperator } from './app-operator.ts';
import { createAppViewersRepository } from './app-viewers.repository.ts';

let database: DatabaseHandle;
let viewers: ReturnType<typeof createAppViewersRepository>;
let companies: ReturnType<typeof createCompaniesRepository>;

beforeAll(async () => {
  database = await openTestDatabase();
  viewers = createAppViewersRepository(database.db);
  companies = createCompaniesRepository(database.db);
});
afterAll(() => releaseTestDatabase(database));

const caller = (fields: Partial<AuthContext>): AuthContext => ({
  userId: 1,
  sessionId: 'session',
  role: 'administrator',
  companyType: 'platform',
  companyId: null,
  ...fields,
});

describe('the app operator', () => {
  it('is the oldest active platform company, or APP_COMPANY_ID while that is one', async () => {
    const operator = (appCompanyId: number | null = null) =>
      createAppOperator({ viewers, appCompanyId });
    const studio = await companies.insertCompany({ name: 'Studio', type: 'company' });
    expect(await operator().operatorCompanyId()).toBeNull();
    await expect(operator().requireOperatorCompanyId()).rejects.toMatchObject({
      status: 409,
      message: MESSAGES.appNotOperated,
    });

    const first = await companies.insertCompany({ name: 'First platform', type: 'platform' });
    const second = await companies.insertCompany({ name: 'Second platform', type: 'platform' });
    expect(await operator().operatorCompanyId()).toBe(first);
    expect(await operator(second).operatorCompanyId()).toBe(second);
    // APP_COMPANY_ID naming a company that is not a platform, or none, operates nothing.
    expect(await operator(studio).operatorCompanyId()).toBeNull();
    expect(await operator(999_999).operatorCompanyId()).toBeNull();

    await companies.updateCompany(first, { status: 'disabled' }, new Date());
    expect(await operator().operatorCompanyId()).toBe(second);
    await companies.updateCompany(second, { status: 'disabled' }, new Date());
    expect(await operator().operatorCompanyId()).toBeNull();
    expect(await operator(second).operatorCompanyId()).toBeNull();
    await companies.updateCompany(first, { status: 'active' }, new Date());
    expect(await operator().requireOperatorCompanyId()).toBe(first);
  });

  it("has a platform's caller act for their own company, root for the operator", async () => {
    const own = await companies.insertCompany({ name: 'Own platform', type: 'platform' });
    const operator = createAppOperator({ viewers, appCompanyId: null });
    const operatorId = await operator.requireOperatorCompanyId();
    expect(operatorId).not.toBe(own);
    expect(await operator.companyFor(caller({ companyId: own }))).toBe(own);
    expect(await operator.companyFor(caller({ role: 'king', companyType: null }))).toBe(operatorId);
    await expect(
      createAppOperator({ viewers, appCompanyId: 999_999 }).companyFor(
        caller({ role: 'king', companyType: null }),
      ),
    ).rejects.toMatchObject({ status: 409, message: MESSAGES.appNotOperated });
    // The route's right keeps others out; were one let through, it acts for no company.
    await expect(
      operator.companyFor(caller({ companyType: 'company', companyId: own })),
    ).rejects.toMatchObject({ status: 403 });
  });
});
