import type { Executor } from '../../db/database.ts';
import type { RunInTransaction } from '../../db/transaction.ts';

const DELETED = Symbol('deleted');

/**
 * One transaction of a FakeDatabase: its own writes, seen only by itself until it commits, the
 * row locks it holds until it ends, and what is to happen once it has committed.
 */
export class FakeTransaction {
  readonly writes = new Map<FakeTable<{ id: number }>, Map<number, unknown>>();
  readonly locks = new Set<string>();
  readonly onCommit: (() => void)[] = [];
  open = true;
}

/**
 * An in-memory stand-in for the database that behaves as PostgreSQL does at READ COMMITTED where
 * the services depend on it: a transaction's writes are all or nothing and invisible to others until
 * it commits; each read sees what is committed by then plus the reader's own writes; a row lock
 * (`lock`) is held until its transaction ends, and another transaction asking for it waits.
 * Services receive a FakeTransaction where they expect an Executor; the fake repositories map it back.
 */
export class FakeDatabase {
  #nextId = 1;
  #commitFailure: Error | null = null;
  readonly #holders = new Map<string, FakeTransaction>();
  readonly #waiters = new Map<string, (() => void)[]>();

  /** Ids come from one sequence that, like PostgreSQL's, is not rolled back. */
  nextId(): number {
    return this.#nextId++;
  }

  table<Row extends { id: number }>(): FakeTable<Row> {
    return new FakeTable<Row>(this);
  }

  /** The transaction an executor stands for; none (autocommit) when it is left out. */
  transactionOf(executor: Executor | undefined): FakeTransaction | undefined {
    if (executor === undefined) return undefined;
    if (!(executor instanceof FakeTransaction)) {
      throw new Error('Not an executor of this fake database');
    }
    if (!executor.open) throw new Error('The transaction has ended');
    return executor;
  }

  readonly transaction: RunInTransaction = async (work) => {
    const tx = new FakeTransaction();
    try {
      const result = await work(tx as unknown as Executor);
      const failure = this.#commitFailure;
      this.#commitFailure = null;
      if (failure) throw failure;
      for (const [table, writes] of tx.writes) table.apply(writes);
      tx.open = false;
      for (const effect of tx.onCommit) effect();
      return result;
    } finally {
      tx.open = false;
      for (const key of tx.locks) this.#release(key);
    }
  };

  /** Makes the next transaction that gets as far as COMMIT fail there, writing nothing. */
  failNextCommit(error: Error): void {
    this.#commitFailure = error;
  }

  /**
   * Takes the lock `key` (e.g. a row's) for `tx` until it ends, waiting while another transaction
   * holds it. Without a transaction, waits until nobody holds it (a single statement's lock).
   */
  async lock(key: string, executor?: Executor): Promise<void> {
    const tx = this.transactionOf(executor);
    for (;;) {
      const holder = this.#holders.get(key);
      if (holder === undefined || holder === tx) break;
      await new Promise<void>((resolve) => {
        this.#waiters.set(key, [...(this.#waiters.get(key) ?? []), resolve]);
      });
    }
    if (tx) {
      this.#holders.set(key, tx);
      tx.locks.add(key);
    }
  }

  /** Runs `effect` once `executor`'s transaction commits, or now when there is none. */
  afterCommit(executor: Executor | undefined, effect: () => void): void {
    const tx = this.transactionOf(executor);
    if (tx) tx.onCommit.push(effect);
    else effect();
  }

  #release(key: string): void {
    this.#holders.delete(key);
    const waiters = this.#waiters.get(key) ?? [];
    this.#waiters.delete(key);
    for (const wake of waiters) wake();
  }
}

/** Rows with an id; reads and writes take the transaction they run in, or none (autocommit). */
export class FakeTable<Row extends { id: number }> {
  readonly #db: FakeDatabase;
  readonly #committed = new Map<number, Row>();

  constructor(db: FakeDatabase) {
    this.#db = db;
  }

  /** Every row as the executor sees it, by id; copies, so no caller changes what is stored. */
  rows(executor?: Executor): Row[] {
    const tx = this.#db.transactionOf(executor);
    const merged = new Map(this.#committed);
    for (const [id, row] of this.#pending(tx) ?? []) {
      if (row === DELETED) merged.delete(id);
      else merged.set(id, row as Row);
    }
    return [...merged.values()].sort((a, b) => a.id - b.id).map((row) => structuredClone(row));
  }

  find(id: number, executor?: Executor): Row | null {
    return this.rows(executor).find((row) => row.id === id) ?? null;
  }

  insert(values: Omit<Row, 'id'>, executor?: Executor): Row {
    const row = { ...values, id: this.#db.nextId() } as Row;
    this.#write(row.id, structuredClone(row), executor);
    return row;
  }

  /** Changes the row's fields given; null when there is no such row. */
  update(id: number, change: Partial<Row>, executor?: Executor): Row | null {
    const row = this.find(id, executor);
    if (!row) return null;
    const updated = { ...row, ...change, id };
    this.#write(id, structuredClone(updated), executor);
    return updated;
  }

  delete(id: number, executor?: Executor): Row | null {
    const row = this.find(id, executor);
    if (row) this.#write(id, DELETED, executor);
    return row;
  }

  /** Makes a committing transaction's writes everyone's. */
  apply(writes: Map<number, unknown>): void {
    for (const [id, row] of writes) {
      if (row === DELETED) this.#committed.delete(id);
      else this.#committed.set(id, row as Row);
    }
  }

  #pending(tx: FakeTransaction | undefined): Map<number, unknown> | undefined {
    return tx?.writes.get(this as unknown as FakeTable<{ id: number }>);
  }

  #write(id: number, row: Row | typeof DELETED, executor: Executor | undefined): void {
    const tx = this.#db.transactionOf(executor);
    if (!tx) {
      this.apply(new Map([[id, row]]));
      return;
    }
    const key = this as unknown as FakeTable<{ id: number }>;
    if (!tx.writes.has(key)) tx.writes.set(key, new Map());
    tx.writes.get(key)!.set(id, row);
  }
}
