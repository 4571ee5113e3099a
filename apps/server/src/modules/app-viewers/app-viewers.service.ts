import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, type AppEvents, type AppViewerCreate } from '@plotline/core';
import type { Clock } from '../../adapters/clock.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { WatchRepository } from '../watch/watch.repository.ts';
import type { WatchService } from '../watch/watch.service.ts';
import type { AppOperator } from './app-operator.ts';
import type { AppViewer, AppViewersRepository } from './app-viewers.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The longest token a viewer is asked about: ours are 43 characters. */
const TOKEN_MAX = 200;

/**
 * The mobile app's anonymous viewers: an install registers and gets a token, its calls carry it,
 * and its viewing events are stored as the web player's are and feed what the segments read.
 */
export function createAppViewersService(deps: {
  viewers: Pick<AppViewersRepository, 'insertViewer' | 'touchViewer' | 'addViewingFacts'>;
  operator: Pick<AppOperator, 'requireOperatorCompanyId'>;
  watch: Pick<WatchService, 'checkedEvents'>;
  views: Pick<WatchRepository, 'insertViewEvents'>;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { viewers, operator, watch, views, clock, transaction } = deps;

  return {
    /** A new viewer of the operator's app; only the token's hash is kept. */
    async register(input: AppViewerCreate): Promise<{ viewer_id: number; token: string }> {
      const companyId = await operator.requireOperatorCompanyId();
      const token = randomBytes(32).toString('base64url');
      const id = await viewers.insertViewer({
        companyId,
        tokenHash: hashToken(token),
        platform: input.platform,
        language: input.language,
        at: clock.now(),
      });
      return { viewer_id: id, token };
    },

    /** The viewer of an `x-viewer-token`, seen now; 401 viewerUnknown for a missing or unknown one. */
    async authenticate(token: string | undefined): Promise<AppViewer> {
      if (!token || token.length > TOKEN_MAX) throw new AppError(401, MESSAGES.viewerUnknown);
      const viewer = await viewers.touchViewer(hashToken(token), clock.now());
      if (!viewer) throw new AppError(401, MESSAGES.viewerUnknown);
      return viewer;
    },

    /**
     * Stores a batch of the viewer's events as the web player's are (same checks, and the project
     * must be on the app channel) and, in the same transaction, what it tells of the viewer: a
     * `start` is a view (and a view day when the UTC day is new), an `ending` completes the
     * project, a `choice` is an option chosen.
     */
    async recordEvents(viewer: AppViewer, batch: AppEvents): Promise<void> {
      const receivedAt = clock.now();
      const { slug, ...events } = batch;
      const { movieId, rows } = await watch.checkedEvents(slug, events, receivedAt, {
        appChannel: true,
      });
      await transaction(async (tx) => {
        await views.insertViewEvents(rows, tx);
        await viewers.addViewingFacts(
          {
            viewerId: viewer.id,
            movieId,
            starts: events.events.filter((event) => event.type === 'start').length,
            completed: events.events.some((event) => event.type === 'ending'),
            chose: events.events.flatMap((event) =>
              event.type === 'choice' && event.option_id !== undefined ? [event.option_id] : [],
            ),
            day: receivedAt.toISOString().slice(0, 10),
          },
          tx,
        );
      });
    },
  };
}

export type AppViewersService = ReturnType<typeof createAppViewersService>;
