import type { TokenKind, TokensRepository } from '../../modules/account-links/tokens.repository.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';

/** A row of the fake `tokens` table: a mailed link's hash, for one user and kind. */
export interface FakeTokenRow {
  id: number;
  userId: number;
  kind: TokenKind;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export type FakeTokens = FakeTable<FakeTokenRow>;

/**
 * The tokens repository over a fake table. Using a token up is the SQL's guarded UPDATE: it
 * waits for a transaction holding the row, then checks again that it is unused and unexpired.
 */
export function createFakeTokens(db: FakeDatabase, tokens: FakeTokens) {
  const repository: Pick<TokensRepository, 'insertToken' | 'consumeToken' | 'retireTokens'> = {
    async insertToken(token, tx) {
      if (tokens.rows(tx).some((row) => row.tokenHash === token.tokenHash)) {
        throw new Error('tokens_token_hash_unique');
      }
      tokens.insert({ ...token, usedAt: null }, tx);
    },

    async consumeToken(kind, tokenHash, now, tx) {
      const found = tokens.rows(tx).find((row) => row.tokenHash === tokenHash);
      if (!found) return null;
      await db.lock(`tokens:${found.id}`, tx);
      const row = tokens.find(found.id, tx);
      if (!row || row.kind !== kind || row.usedAt !== null || row.expiresAt <= now) return null;
      tokens.update(row.id, { usedAt: now }, tx);
      return row.userId;
    },

    async retireTokens(userId, kind, now, tx) {
      for (const row of tokens.rows(tx)) {
        if (row.userId === userId && row.kind === kind && row.usedAt === null) {
          tokens.update(row.id, { usedAt: now }, tx);
        }
      }
    },
  };
  return repository;
}
