import { randomUUID } from 'node:crypto';
import type { SessionsRepository } from '../../modules/sessions/sessions.repository.ts';
import type { FakeCompanies } from './fake-companies.ts';
import type { FakeTable } from './fake-database.ts';
import type { FakeUsers } from './fake-users.ts';

/** A row of the fake `sessions` table; `sessionId` is the real table's uuid key. */
export interface FakeSessionRow {
  id: number;
  sessionId: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
}

export type FakeSessions = FakeTable<FakeSessionRow>;

/**
 * The sessions repository over fake tables, with the holder's rule of db/account-holders.ts: a
 * session counts while neither revoked nor expired, its user not disabled, and its user's company
 * active (or none).
 */
export function createFakeSessions(tables: {
  sessions: FakeSessions;
  users: FakeUsers;
  companies: FakeCompanies;
}) {
  const { sessions, users, companies } = tables;

  const revokeWhere = (
    matches: (session: FakeSessionRow) => boolean,
    at: Date,
    tx: Parameters<FakeSessions['rows']>[0],
  ) => {
    for (const session of sessions.rows(tx)) {
      if (session.revokedAt === null && matches(session)) {
        sessions.update(session.id, { revokedAt: at }, tx);
      }
    }
  };

  const repository: Pick<
    SessionsRepository,
    | 'insertSession'
    | 'findSessionHolder'
    | 'revokeSession'
    | 'revokeUserSessions'
    | 'revokeOtherSessions'
  > = {
    async insertSession(session, tx) {
      const sessionId = randomUUID();
      sessions.insert({ ...session, sessionId, revokedAt: null }, tx);
      return sessionId;
    },

    async findSessionHolder(sessionId, userId, now, tx) {
      const session = sessions
        .rows(tx)
        .find((row) => row.sessionId === sessionId && row.userId === userId);
      if (!session || session.revokedAt !== null || session.expiresAt <= now) return null;
      const user = users.find(userId, tx);
      if (!user || user.status === 'disabled') return null;
      const company = user.companyId === null ? null : companies.find(user.companyId, tx);
      if (user.companyId !== null && company?.status !== 'active') return null;
      return {
        userId: user.id,
        companyId: user.companyId,
        role: user.role,
        companyType: company?.type ?? null,
      };
    },

    async revokeSession(sessionId, at, tx) {
      revokeWhere((session) => session.sessionId === sessionId, at, tx);
    },

    async revokeUserSessions(userId, at, tx) {
      revokeWhere((session) => session.userId === userId, at, tx);
    },

    async revokeOtherSessions(userId, keep, at, tx) {
      revokeWhere((session) => session.userId === userId && session.sessionId !== keep, at, tx);
    },
  };
  return repository;
}
