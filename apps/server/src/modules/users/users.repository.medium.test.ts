import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { userIdentities } from '../../db/schema/index.ts';
import { openTestDatabase, releaseTestDatabase } from '../../test/test-database.ts';
import { createUsersRepository, type UsersRepository } from './users.repository.ts';

let database: DatabaseHandle;
let users: UsersRepository;

beforeAll(async () => {
  database = await openTestDatabase();
  users = createUsersRepository(database.db);
});
afterAll(() => releaseTestDatabase(database));

describe('looking users up', () => {
  it("reads the kinds of provider linked to a user only when asked, for the session user's replies", async () => {
    const linked = await users.insertUser({ email: 'linked@example.com', role: 'analyst' });
    const plain = await users.insertUser({ email: 'plain@example.com', role: 'analyst' });
    const identity = (kind: 'google' | 'microsoft' | 'generic', subject: string) => ({
      userId: linked,
      kind,
      issuer: `https://${kind}.example`,
      subject,
      email: 'linked@example.com',
      createdAt: new Date(),
    });
    await database.db
      .insert(userIdentities)
      .values([identity('microsoft', 'a'), identity('google', 'b'), identity('google', 'c')]);

    // Every other lookup (sign-in by email, the users list, a user by id) leaves them unread.
    const found = [
      await users.findUserById(linked),
      await users.findUserByEmail('LINKED@example.com'),
      ...(
        await users.listUsers({
          roles: ['analyst'],
          sort: { field: 'email', descending: false },
          page: 1,
          perPage: 10,
        })
      ).rows,
    ];
    expect(found).toHaveLength(4);
    for (const user of found) {
      expect(user).toMatchObject({ role: 'analyst' });
      expect(user).not.toHaveProperty('identityKinds');
    }

    expect(await users.identityKindsOf(linked)).toEqual(['google', 'microsoft']);
    expect(await users.identityKindsOf(plain)).toEqual([]);
  });
});
