import { eq, type SQL } from 'drizzle-orm';
import type { CompanyType, Role } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import { companies, users, type USER_STATUSES } from '../../db/schema/index.ts';

export type UserStatus = (typeof USER_STATUSES)[number];

/** A user with the type of the company it belongs to (null for staff without a company). */
export interface UserRecord {
  id: number;
  companyId: number | null;
  companyType: CompanyType | null;
  email: string;
  name: string | null;
  passwordHash: string | null;
  role: Role;
  avatar: string | null;
  status: UserStatus;
}

export interface NewUser {
  email: string;
  role: Role;
  companyId?: number | null;
  name?: string | null;
  passwordHash?: string | null;
  status?: UserStatus;
}

const userColumns = {
  id: users.id,
  companyId: users.companyId,
  companyType: companies.type,
  email: users.email,
  name: users.name,
  passwordHash: users.passwordHash,
  role: users.role,
  avatar: users.avatar,
  status: users.status,
};

export function createAccountsRepository(db: Executor) {
  async function findUser(where: SQL, tx: Executor = db) {
    const [row] = await tx
      .select(userColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .limit(1);
    return row ?? null;
  }

  return {
    findUserByEmail: (email: string, tx?: Executor): Promise<UserRecord | null> =>
      findUser(eq(users.email, email.toLowerCase()), tx),

    findUserById: (id: number, tx?: Executor): Promise<UserRecord | null> =>
      findUser(eq(users.id, id), tx),

    async insertCompany(
      company: { name: string; type: CompanyType },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx.insert(companies).values(company).returning({ id: companies.id });
      return row!.id;
    },

    async insertUser(user: NewUser, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .returning({ id: users.id });
      return row!.id;
    },

    async hasAnyUser(tx: Executor = db): Promise<boolean> {
      const [someone] = await tx.select({ id: users.id }).from(users).limit(1);
      return someone !== undefined;
    },

    /** Inserts the user only while no user exists at all; answers whether it did. */
    async insertFirstUser(user: NewUser, tx: Executor = db): Promise<boolean> {
      const [someone] = await tx.select({ id: users.id }).from(users).limit(1);
      if (someone) return false;
      const inserted = await tx
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .onConflictDoNothing()
        .returning({ id: users.id });
      return inserted.length > 0;
    },

    async updateUser(
      id: number,
      changes: Partial<{
        passwordHash: string | null;
        status: UserStatus;
        lastLoginAt: Date;
        name: string | null;
      }>,
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(users)
        .set({ ...changes, ...(changes.lastLoginAt ? {} : { updatedAt: at }) })
        .where(eq(users.id, id));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
