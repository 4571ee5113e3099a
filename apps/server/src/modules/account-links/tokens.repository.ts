import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { tokens, type TOKEN_KINDS } from '../../db/schema/index.ts';

export type TokenKind = (typeof TOKEN_KINDS)[number];

export function createTokensRepository(db: Executor) {
  return {
    async insertToken(
      token: {
        userId: number;
        kind: TokenKind;
        tokenHash: string;
        createdAt: Date;
        expiresAt: Date;
      },
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(tokens).values(token);
    },

    /** Uses the token up and answers its user, or null when it is unknown, used, expired or of another kind. */
    async consumeToken(
      kind: TokenKind,
      tokenHash: string,
      now: Date,
      tx: Executor = db,
    ): Promise<number | null> {
      const [row] = await tx
        .update(tokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(tokens.tokenHash, tokenHash),
            eq(tokens.kind, kind),
            isNull(tokens.usedAt),
            gt(tokens.expiresAt, now),
          ),
        )
        .returning({ userId: tokens.userId });
      return row?.userId ?? null;
    },

    /** Ends the user's open tokens of a kind, so only the newest link works. */
    async retireTokens(
      userId: number,
      kind: TokenKind,
      now: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(tokens)
        .set({ usedAt: now })
        .where(and(eq(tokens.userId, userId), eq(tokens.kind, kind), isNull(tokens.usedAt)));
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
