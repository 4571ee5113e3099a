import { describe, expect, it } from 'vitest';
import { argon2Hasher, createArgon2Hasher } from './password-hasher.ts';

describe('password hasher', () => {
  it("hashes with argon2id at the library's default cost (64 MiB, 3 passes) and verifies", async () => {
    const hash = await argon2Hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(await argon2Hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await argon2Hasher.verify(hash, 'correct horse ')).toBe(false);
  });

  it('verifies a hash made at another cost by the cost stored in it', async () => {
    const cheap = createArgon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const hash = await cheap.hash('secret-1');
    expect(hash).toMatch(/\$m=1024,t=1,p=1\$/);
    expect(await argon2Hasher.verify(hash, 'secret-1')).toBe(true);
  });

  it('reads a malformed stored hash as a wrong password, not as an error', async () => {
    expect(await argon2Hasher.verify('not-a-hash', 'anything')).toBe(false);
  });
});
