import { describe, expect, it } from 'vitest';
import { FakeDatabase } from './fake-database.ts';
import { settle } from './interceptors.ts';

/** The PostgreSQL behaviour the service tests lean on, checked on the fake itself. */

function setup() {
  const db = new FakeDatabase();
  const rows = db.table<{ id: number; name: string }>();
  return { db, rows };
}

describe('FakeDatabase', () => {
  it("keeps a transaction's writes to itself until it commits", async () => {
    const { db, rows } = setup();
    const kept = rows.insert({ name: 'kept' });
    let seenOutside: string[] = [];
    await db.transaction(async (tx) => {
      rows.insert({ name: 'new' }, tx);
      rows.update(kept.id, { name: 'changed' }, tx);
      seenOutside = rows.rows().map((row) => row.name);
      expect(rows.rows(tx).map((row) => row.name)).toEqual(['changed', 'new']);
    });
    expect(seenOutside).toEqual(['kept']);
    expect(rows.rows().map((row) => row.name)).toEqual(['changed', 'new']);
  });

  it('writes nothing of a transaction that fails, in its work or at its commit', async () => {
    const { db, rows } = setup();
    const kept = rows.insert({ name: 'kept' });
    await expect(
      db.transaction(async (tx) => {
        rows.delete(kept.id, tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    db.failNextCommit(new Error('could not serialize access'));
    const effects: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        rows.insert({ name: 'lost' }, tx);
        db.afterCommit(tx, () => effects.push('queued'));
      }),
    ).rejects.toThrow('could not serialize access');
    expect(rows.rows().map((row) => row.name)).toEqual(['kept']);
    expect(effects).toEqual([]);
  });

  it('does not roll ids back, and hands out copies', async () => {
    const { db, rows } = setup();
    await db
      .transaction(async (tx) => {
        rows.insert({ name: 'lost' }, tx);
        throw new Error('refused');
      })
      .catch(() => {});
    const row = rows.insert({ name: 'next' });
    expect(row.id).toBe(2);
    rows.find(row.id)!.name = 'mutated by a reader';
    expect(rows.find(row.id)!.name).toBe('next');
  });

  it("makes a lock wait for its holder's end, then lets the waiter read what it committed", async () => {
    const { db, rows } = setup();
    const row = rows.insert({ name: 'first' });
    let finish!: () => void;
    const holder = db.transaction(async (tx) => {
      await db.lock(`rows:${row.id}`, tx);
      rows.update(row.id, { name: 'second' }, tx);
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await settle();
    let seen: string | undefined;
    const waiter = db.transaction(async (tx) => {
      await db.lock(`rows:${row.id}`, tx);
      seen = rows.find(row.id, tx)!.name;
    });
    await settle();
    expect(seen).toBeUndefined();
    finish();
    await Promise.all([holder, waiter]);
    expect(seen).toBe('second');
  });

  it('refuses a transaction used after its end', async () => {
    const { db, rows } = setup();
    let leaked: Parameters<Parameters<FakeDatabase['transaction']>[0]>[0] | undefined;
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    expect(() => rows.rows(leaked)).toThrow('The transaction has ended');
  });
});
