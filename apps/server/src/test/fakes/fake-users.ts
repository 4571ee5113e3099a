import { isInternalRole, type CompanyType, type Role } from '@plotline/core';
import { ManualClock, type Clock } from '../../adapters/clock.ts';
import type { Mail } from '../../adapters/mailer.ts';
import type { PasswordHasher } from '../../adapters/password-hasher.ts';
import { createAccountLinks } from '../../modules/account-links/account-links.ts';
import type {
  ActivityEntry,
  ActivityRepository,
} from '../../modules/activity/activity.repository.ts';
import type {
  OidcFlow,
  UserIdentity,
} from '../../modules/identity-providers/identity-providers.repository.ts';
import type { RateLimitsRepository } from '../../modules/rate-limits/rate-limits.repository.ts';
import { createRateLimitsService } from '../../modules/rate-limits/rate-limits.service.ts';
import type { UserRecord, UsersRepository } from '../../modules/users/users.repository.ts';
import { createFakeCompanies, type FakeCompanies, type FakeCompanyRow } from './fake-companies.ts';
import { FAKE_NOW } from './fake-data.ts';
import { FakeDatabase, type FakeTable } from './fake-database.ts';
import { createFakeIdentities, uniqueViolation, type FakeIdentityRows } from './fake-identities.ts';
import { createFakeSessions, type FakeSessionRow } from './fake-sessions.ts';
import { createFakeTokens, type FakeTokenRow } from './fake-tokens.ts';

/** A row of the fake `users` table: the user without the company fields the join adds. */
export type FakeUserRow = Omit<UserRecord, 'companyType' | 'companyStatus' | 'companyName'> & {
  updatedAt: Date | null;
};

export type FakeUsers = FakeTable<FakeUserRow>;

/** A row of the fake `activity_log` table. */
export type FakeActivityRow = ActivityEntry & { id: number };

/** The keys whose change is no edit of the account (the repository leaves `updatedAt` alone). */
const NOT_AN_EDIT = new Set(['lastLoginAt', 'language', 'guideDoneAt']);

/**
 * The users repository over fake tables, with the database's rules: emails are stored lower-case
 * and unique (a taken one raises the unique violation, SQLSTATE 23505), a user's company must
 * exist, and the company's fields come from the left join.
 */
export function createFakeUsers(
  tables: { users: FakeUsers; companies: FakeCompanies; identities: FakeIdentityRows },
  clock: Clock,
) {
  const { users, companies, identities } = tables;

  const withCompany =
    (tx: Parameters<FakeUsers['rows']>[0]) =>
    ({ updatedAt: _updatedAt, ...user }: FakeUserRow): UserRecord => {
      const company = user.companyId === null ? null : companies.find(user.companyId, tx);
      return {
        ...user,
        companyType: company?.type ?? null,
        companyStatus: company?.status ?? null,
        companyName: company?.name ?? null,
      };
    };

  const insert: UsersRepository['insertUser'] = async (user, tx) => {
    const email = user.email.toLowerCase();
    if (users.rows(tx).some((row) => row.email === email)) {
      throw uniqueViolation('users_email_unique');
    }
    const companyId = user.companyId ?? null;
    if (companyId !== null && !companies.find(companyId, tx)) {
      throw new Error(`insert: no company ${companyId}`);
    }
    return users.insert(
      {
        companyId,
        email,
        name: user.name ?? null,
        passwordHash: user.passwordHash ?? null,
        role: user.role,
        avatar: null,
        status: user.status ?? 'active',
        language: user.language ?? null,
        lastLoginAt: null,
        guideDoneAt: null,
        createdAt: clock.now(),
        updatedAt: null,
      },
      tx,
    ).id;
  };

  const repository: Pick<
    UsersRepository,
    | 'findUserByEmail'
    | 'findUserById'
    | 'identityKindsOf'
    | 'insertUser'
    | 'hasAnyUser'
    | 'insertFirstUser'
    | 'updateUser'
  > = {
    async findUserByEmail(email, tx) {
      const row = users.rows(tx).find((user) => user.email === email.toLowerCase());
      return row ? withCompany(tx)(row) : null;
    },

    async findUserById(id, tx) {
      const row = users.find(id, tx);
      return row ? withCompany(tx)(row) : null;
    },

    async identityKindsOf(userId, tx) {
      const kinds = identities
        .rows(tx)
        .filter((identity) => identity.userId === userId)
        .map((identity) => identity.kind);
      return [...new Set(kinds)].sort();
    },

    insertUser: insert,

    async hasAnyUser(tx) {
      return users.rows(tx).length > 0;
    },

    async insertFirstUser(user, tx) {
      if (users.rows(tx).length > 0) return false;
      await insert(user, tx);
      return true;
    },

    async updateUser(id, changes, at, tx) {
      const edit = Object.keys(changes).some((key) => !NOT_AN_EDIT.has(key));
      users.update(id, { ...changes, ...(edit ? { updatedAt: at } : {}) }, tx);
    },
  };
  return repository;
}

/** What the fake hasher stores for a password: the password itself, for a test to read. */
const fakeHash = (password: string) => `hashed:${password}`;

/**
 * A password hasher without the cost: the hash shows the password it was made of, so a test
 * can read what was stored. `verifications` counts the checks, the decoy's among them.
 */
export function createFakePasswordHasher() {
  const hasher = {
    verifications: 0,
    async hash(password: string) {
      return fakeHash(password);
    },
    async verify(hash: string, password: string) {
      hasher.verifications += 1;
      return hash === fakeHash(password);
    },
  } satisfies PasswordHasher & { verifications: number };
  return hasher;
}

/** The rate limits' counters in memory, each key's window as the SQL keeps it. */
function createFakeRateLimitCounters() {
  const counters = new Map<string, { count: number; resetsAt: Date }>();
  const repository: Pick<RateLimitsRepository, 'increment' | 'decrement' | 'deleteEnded'> = {
    async increment(key, now, windowMs) {
      const counter = counters.get(key);
      const next =
        !counter || counter.resetsAt <= now
          ? { count: 1, resetsAt: new Date(now.getTime() + windowMs) }
          : { count: counter.count + 1, resetsAt: counter.resetsAt };
      counters.set(key, next);
      return { ...next };
    },
    async decrement(key, window) {
      const counter = counters.get(key);
      if (counter && counter.resetsAt.getTime() === window.getTime() && counter.count > 0) {
        counter.count -= 1;
      }
    },
    async deleteEnded(now) {
      for (const [key, counter] of counters) if (counter.resetsAt <= now) counters.delete(key);
    },
  };
  return repository;
}

/** The password every user made by `makeUser` has unless told. */
export const FAKE_PASSWORD = 'the-right-password';

/**
 * The fake database with the tables the accounts, auth and identity-providers services read, their
 * fake repositories, a password hasher, the rate limits (the real service over counters in
 * memory), the mailed links (the real ones over fake tokens; mails land in `mails`) and a clock
 * standing at FAKE_NOW; and factories that write rows straight into the tables.
 */
export function createFakeUserData() {
  const db = new FakeDatabase();
  const clock = new ManualClock(FAKE_NOW);
  const tables = {
    companies: db.table<FakeCompanyRow>(),
    users: db.table<FakeUserRow>(),
    sessions: db.table<FakeSessionRow>(),
    tokens: db.table<FakeTokenRow>(),
    identities: db.table<UserIdentity>(),
    flows: db.table<OidcFlow>(),
    activity: db.table<FakeActivityRow>(),
  };
  const tokens = createFakeTokens(db, tables.tokens);
  const mails: Mail[] = [];
  const activity = {
    async record(entry, tx) {
      tables.activity.insert(entry, tx);
    },
  } satisfies Pick<ActivityRepository, 'record'>;

  /** An active company, of type `company` unless told. */
  const makeCompany = (values: Partial<Omit<FakeCompanyRow, 'id'>> = {}): FakeCompanyRow =>
    tables.companies.insert({
      name: 'Acme Pictures',
      type: 'company',
      status: 'active',
      updatedAt: null,
      ...values,
    });

  return {
    db,
    tables,
    clock,
    transaction: db.transaction,
    hasher: createFakePasswordHasher(),
    users: createFakeUsers(tables, clock),
    companies: createFakeCompanies(tables.companies),
    sessions: createFakeSessions(tables),
    tokens,
    identities: createFakeIdentities(db, tables),
    activity,
    rateLimits: createRateLimitsService({ counters: createFakeRateLimitCounters(), clock }),
    mails,
    links: createAccountLinks({
      tokens,
      mailer: { send: async (mail) => void mails.push(mail) },
      publicUrl: 'https://studio.test',
      clock,
    }),

    makeCompany,

    /**
     * An active user of a new company (of none for staff roles), with FAKE_PASSWORD unless told;
     * `password: null` for an invited user who has none yet.
     */
    makeUser(
      values: Partial<Omit<FakeUserRow, 'id' | 'passwordHash'>> & {
        password?: string | null;
        companyType?: CompanyType;
      } = {},
    ): FakeUserRow {
      const { password = FAKE_PASSWORD, companyType = 'company', ...user } = values;
      const role: Role = user.role ?? 'administrator';
      const companyId =
        user.companyId !== undefined
          ? user.companyId
          : isInternalRole(role)
            ? null
            : makeCompany({ type: companyType }).id;
      return tables.users.insert({
        email: `user-${tables.users.rows().length + 1}@example.com`,
        name: 'Ada',
        avatar: null,
        status: 'active',
        language: null,
        lastLoginAt: null,
        guideDoneAt: null,
        createdAt: clock.now(),
        updatedAt: null,
        ...user,
        role,
        companyId,
        passwordHash: password === null ? null : fakeHash(password),
      });
    },
  };
}
