import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type {
  CompanyStatus,
  CompanyType,
  IdentityProviderKind,
  Language,
  Role,
  UserStatus,
} from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import { containing } from '../../db/like-patterns.ts';
import { companies, userIdentities, users } from '../../db/schema/index.ts';

/** A user with the company it belongs to (nulls for staff without a company). */
export interface UserRecord {
  id: number;
  companyId: number | null;
  companyType: CompanyType | null;
  companyStatus: CompanyStatus | null;
  companyName: string | null;
  email: string;
  name: string | null;
  passwordHash: string | null;
  role: Role;
  avatar: string | null;
  status: UserStatus;
  language: Language | null;
  lastLoginAt: Date | null;
  /** When the user finished or dismissed the welcome guide. */
  guideDoneAt: Date | null;
  createdAt: Date;
}

export interface NewUser {
  email: string;
  role: Role;
  companyId?: number | null;
  name?: string | null;
  passwordHash?: string | null;
  status?: UserStatus;
  language?: Language | null;
}

export type UserChanges = Partial<{
  passwordHash: string | null;
  status: UserStatus;
  role: Role;
  name: string | null;
  avatar: string | null;
  language: Language | null;
  lastLoginAt: Date;
  guideDoneAt: Date;
}>;

export interface UserListFilter {
  roles: readonly Role[];
  companyId?: number | undefined;
  search?: string | undefined;
  sort: { field: string; descending: boolean };
  page: number;
  perPage: number;
}

const userColumns = {
  id: users.id,
  companyId: users.companyId,
  companyType: companies.type,
  companyStatus: companies.status,
  companyName: companies.name,
  email: users.email,
  name: users.name,
  passwordHash: users.passwordHash,
  role: users.role,
  avatar: users.avatar,
  status: users.status,
  language: users.language,
  lastLoginAt: users.lastLoginAt,
  guideDoneAt: users.guideDoneAt,
  createdAt: users.createdAt,
};

const SORT_COLUMNS = {
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  last_login_at: users.lastLoginAt,
  created_at: users.createdAt,
} as const;

export function createUsersRepository(db: Executor) {
  async function findUser(where: SQL, tx: Executor = db): Promise<UserRecord | null> {
    const [row] = await tx
      .select(userColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .limit(1);
    return row ?? null;
  }

  return {
    findUserByEmail: (email: string, tx?: Executor) =>
      findUser(eq(users.email, email.toLowerCase()), tx),

    findUserById: (id: number, tx?: Executor) => findUser(eq(users.id, id), tx),

    /**
     * The kinds of identity provider linked to the user, each once: only the session user's own
     * replies show them (core SessionUser), so no other lookup reads them.
     */
    async identityKindsOf(userId: number, tx: Executor = db): Promise<IdentityProviderKind[]> {
      const rows = await tx
        .selectDistinct({ kind: userIdentities.kind })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId));
      return rows.map((row) => row.kind).sort();
    },

    async listUsers(filter: UserListFilter, tx: Executor = db) {
      const conditions = [inArray(users.role, [...filter.roles])];
      if (filter.companyId !== undefined) conditions.push(eq(users.companyId, filter.companyId));
      if (filter.search) {
        const pattern = containing(filter.search);
        conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
      }
      const where = and(...conditions);
      const column =
        SORT_COLUMNS[filter.sort.field as keyof typeof SORT_COLUMNS] ?? users.createdAt;
      const rows = await tx
        .select(userColumns)
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(where)
        .orderBy(filter.sort.descending ? desc(column) : asc(column), asc(users.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage);
      const [total] = await tx.select({ value: count() }).from(users).where(where);
      return { rows, total: total?.value ?? 0 };
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

    async updateUser(id: number, changes: UserChanges, at: Date, tx: Executor = db): Promise<void> {
      // A sign-in, or the welcome guide put away, is not an edit of the account.
      const touched = Object.keys(changes).some(
        (key) => key !== 'lastLoginAt' && key !== 'language' && key !== 'guideDoneAt',
      );
      await tx
        .update(users)
        .set({ ...changes, ...(touched ? { updatedAt: at } : {}) })
        .where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
