import { createHash, randomBytes } from 'node:crypto';
import {
  canAny,
  DOWNLOAD_MESSAGES,
  DOWNLOAD_TICKET_PATH,
  DOWNLOAD_TICKET_PATTERN,
  DOWNLOAD_TICKET_SECONDS,
  MESSAGES,
  type DownloadKind,
  type DownloadTicket,
  type DownloadTicketRequest,
  type Right,
} from '@plotline/core';
import type { AuthContext } from '../../access/caller.ts';
import { projectForCaller, type ProjectFinder } from '../../access/project-access.ts';
import type { Clock } from '../../adapters/clock.ts';
import { AppError } from '../../errors.ts';
import type { LinearCutsService } from '../linear-cuts/linear-cuts.service.ts';
import type { DownloadsRepository } from './downloads.repository.ts';

/**
 * The rights of the downloads a ticket stands for (`GET /api/movie/{movieId}/export` and
 * `GET …/linear-cuts/{id}/file`): whoever may read the project. The ticket route declares them
 * and redemption checks them again.
 */
export const DOWNLOAD_RIGHTS = ['canSeeProject', 'canAddProject'] as const satisfies Right[];

/**
 * Expired tickets deleted by each new one: a ticket adds one row and takes up to this many
 * expired ones away, so the table holds little more than the last minute's tickets.
 */
const EXPIRED_DELETED_PER_TICKET = 100;

/**
 * A ticket speaks for its user outside any session: the calls answering its file read the
 * caller's role and company, never a session.
 */
const TICKET_SESSION = 'download-ticket';

/** Only the hash is stored: the table alone never lets anyone download. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a spent ticket lets its route answer: the file of `kind` and `entityId`, for `caller`. */
export interface RedeemedTicket {
  caller: AuthContext;
  kind: DownloadKind;
  entityId: number;
}

/**
 * Download tickets (core `downloads.ts`): a signed-in user asks for one for a file they may
 * download now, and the browser fetches it once within DOWNLOAD_TICKET_SECONDS without the
 * session's header, saving it natively. The user's status and rights are checked again when it
 * is spent; the route answering the file checks the project and the file as its own route does.
 */
export function createDownloadsService(deps: {
  tickets: Pick<
    DownloadsRepository,
    'insertTicket' | 'spendTicket' | 'findHolder' | 'deleteExpired'
  >;
  projects: ProjectFinder;
  linearCuts: Pick<LinearCutsService, 'cutFile'>;
  clock: Clock;
}) {
  const { tickets, projects, linearCuts, clock } = deps;

  /** The entity the ticket names, once the caller may download it now (as its route checks). */
  async function downloadable(caller: AuthContext, request: DownloadTicketRequest) {
    switch (request.kind) {
      case 'story-archive':
        await projectForCaller(projects, caller, request.movie_id, { change: false });
        return request.movie_id;
      case 'linear-cut':
        await linearCuts.cutFile(caller, request.movie_id, request.linear_cut_id);
        return request.linear_cut_id;
    }
  }

  return {
    /** A new ticket of 32 random bytes for a file the caller may download now. */
    async createTicket(
      caller: AuthContext,
      request: DownloadTicketRequest,
    ): Promise<DownloadTicket> {
      const entityId = await downloadable(caller, request);
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + DOWNLOAD_TICKET_SECONDS * 1000);
      await tickets.insertTicket({
        tokenHash: hashOf(token),
        userId: caller.userId,
        kind: request.kind,
        entityId,
        createdAt: now,
        expiresAt,
      });
      await tickets.deleteExpired(now, EXPIRED_DELETED_PER_TICKET);
      return {
        url: `${DOWNLOAD_TICKET_PATH}?ticket=${token}`,
        expires_at: expiresAt.toISOString(),
      };
    },

    /**
     * Spends a ticket (unknown, used or expired: 404) and answers for whom and what; its user must
     * still be able to sign in and hold the download's rights (403 otherwise).
     */
    async redeem(token: string): Promise<RedeemedTicket> {
      const spent = DOWNLOAD_TICKET_PATTERN.test(token)
        ? await tickets.spendTicket(hashOf(token), clock.now())
        : null;
      if (!spent) throw new AppError(404, DOWNLOAD_MESSAGES.ticketNotFound);
      const holder = await tickets.findHolder(spent.userId);
      if (!holder || !canAny(holder, DOWNLOAD_RIGHTS)) {
        throw new AppError(403, MESSAGES.forbidden);
      }
      return {
        caller: { ...holder, sessionId: TICKET_SESSION },
        kind: spent.kind,
        entityId: spent.entityId,
      };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
