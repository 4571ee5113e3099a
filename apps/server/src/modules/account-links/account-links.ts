import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { Mail, Mailer } from '../../adapters/mailer.ts';
import type { Executor } from '../../db/database.ts';
import { accountMail } from './account-mails.ts';
import type { TokenKind, TokensRepository } from './tokens.repository.ts';

const LIFETIME_HOURS: Record<TokenKind, number> = { invite: 7 * 24, reset: 1 };
const PAGE: Record<TokenKind, string> = { invite: '/login?invite=', reset: '/renew-password?t=' };

/**
 * What is stored of a link's token; provider sign-ins store their secrets' hashes (and the
 * invitation token they accept) the same way.
 */
export function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The single-use links of invitation and password-reset mails. A link's token is random and only
 * its hash is stored; issuing one retires the user's older links of that kind.
 */
export function createAccountLinks(deps: {
  tokens: Pick<TokensRepository, 'insertToken' | 'consumeToken' | 'retireTokens'>;
  mailer: Mailer;
  publicUrl: string;
  clock: Clock;
}) {
  const { tokens, mailer, publicUrl, clock } = deps;
  return {
    /** Stores a new link in `tx` and answers the mail to send once `tx` has committed. */
    async prepare(
      kind: TokenKind,
      user: { id: number; email: string },
      language: Language,
      company: string,
      tx: Executor,
    ): Promise<Mail> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await tokens.retireTokens(user.id, kind, now, tx);
      await tokens.insertToken(
        {
          userId: user.id,
          kind,
          tokenHash: hashOf(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + LIFETIME_HOURS[kind] * 3_600_000),
        },
        tx,
      );
      const link = `${publicUrl}${PAGE[kind]}${token}`;
      return accountMail(kind, language, user.email, {
        link,
        company,
        hours: LIFETIME_HOURS[kind],
      });
    },

    /** Uses a link up; answers its user, or null for an unknown, used or expired one. */
    consume(kind: TokenKind, token: string, tx?: Executor): Promise<number | null> {
      return tokens.consumeToken(kind, hashOf(token), clock.now(), tx);
    },

    send: (mail: Mail) => mailer.send(mail),
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;
