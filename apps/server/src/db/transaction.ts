import type { Database, Executor } from './database.ts';

/** Runs `work` in one transaction; services take this instead of the database itself. */
export type RunInTransaction = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;

export function transactionRunner(db: Database): RunInTransaction {
  return (work) => db.transaction((tx) => work(tx));
}
