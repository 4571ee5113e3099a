import { asc, count, desc, ilike } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { containing } from '../../db/like-patterns.ts';
import { newsSignups } from '../../db/schema/index.ts';

export interface NewsSignupRecord {
  id: number;
  email: string;
  language: string;
  createdAt: Date;
}

export interface NewsSignupListFilter {
  search?: string | undefined;
  sort: { field: string; descending: boolean };
  page: number;
  perPage: number;
}

const columns = {
  id: newsSignups.id,
  email: newsSignups.email,
  language: newsSignups.language,
  createdAt: newsSignups.createdAt,
};

const SORT_COLUMNS = {
  email: newsSignups.email,
  language: newsSignups.language,
  created_at: newsSignups.createdAt,
} as const;

export function createNewsSignupsRepository(db: Executor) {
  return {
    /** Adds the address unless it is on the list already (the unique email keeps one row). */
    async insertSignup(signup: { email: string; language: string }, tx: Executor = db) {
      await tx.insert(newsSignups).values(signup).onConflictDoNothing({
        target: newsSignups.email,
      });
    },

    async listSignups(filter: NewsSignupListFilter, tx: Executor = db) {
      const where = filter.search ? ilike(newsSignups.email, containing(filter.search)) : undefined;
      const column =
        SORT_COLUMNS[filter.sort.field as keyof typeof SORT_COLUMNS] ?? newsSignups.createdAt;
      const rows = await tx
        .select(columns)
        .from(newsSignups)
        .where(where)
        .orderBy(filter.sort.descending ? desc(column) : asc(column), asc(newsSignups.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage);
      const [total] = await tx.select({ value: count() }).from(newsSignups).where(where);
      return { rows, total: total?.value ?? 0 };
    },

    /** Every address, oldest first: the list's download. */
    async allSignups(tx: Executor = db): Promise<NewsSignupRecord[]> {
      return tx
        .select(columns)
        .from(newsSignups)
        .orderBy(asc(newsSignups.createdAt), asc(newsSignups.id));
    },
  };
}

export type NewsSignupsRepository = ReturnType<typeof createNewsSignupsRepository>;
