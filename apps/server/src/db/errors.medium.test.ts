import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { openTestDatabase, releaseTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { refuseDuplicate, refuseTakenEmail } from './errors.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => releaseTestDatabase(database));

describe('refuseTakenEmail', () => {
  it('turns the unique violation of an email inserted meanwhile into a 409', async () => {
    const users = createUsersRepository(database.db);
    await users.insertUser({ email: 'first@example.com', role: 'analyst' });

    const second = refuseTakenEmail(() =>
      users.insertUser({ email: 'FIRST@example.com', role: 'analyst' }),
    );
    await expect(second).rejects.toBeInstanceOf(AppError);
    await expect(second).rejects.toMatchObject({
      status: 409,
      message: 'This email is already in use',
    });
  });

  it('lets other failures through as they are', async () => {
    const failure = new Error('disk full');
    await expect(refuseTakenEmail(() => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('answers the work’s result when nothing fails', async () => {
    expect(await refuseTakenEmail(async () => 42)).toBe(42);
  });
});

describe('refuseDuplicate', () => {
  it('refuses only the violation of the constraint it names', async () => {
    const users = createUsersRepository(database.db);
    await users.insertUser({ email: 'named@example.com', role: 'analyst' });
    const insertAgain = () => users.insertUser({ email: 'named@example.com', role: 'analyst' });

    await expect(
      refuseDuplicate({ constraint: 'users_email_unique', message: 'Taken' }, insertAgain),
    ).rejects.toMatchObject({ status: 409, message: 'Taken' });
    const other = refuseDuplicate({ constraint: 'another_unique', message: 'Taken' }, insertAgain);
    await expect(other).rejects.not.toBeInstanceOf(AppError);
  });
});
