import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';

export function createHealthRepository(db: Executor) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`SELECT 1`);
    },
  };
}
