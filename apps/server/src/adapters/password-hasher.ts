import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id at the given cost; verifying reads the cost from the stored hash. */
export function createArgon2Hasher(
  cost: Pick<argon2.Options, 'memoryCost' | 'timeCost' | 'parallelism'> = {},
): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { type: argon2.argon2id, ...cost }),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        // A malformed stored hash must read as "wrong password", never as a server error.
        return false;
      }
    },
  };
}

/** argon2id with the library's defaults (64 MiB, 3 passes), which follow OWASP's guidance. */
export const argon2Hasher = createArgon2Hasher();
