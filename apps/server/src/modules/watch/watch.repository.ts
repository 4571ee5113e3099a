import type { ChoiceTaker, ViewEventType } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import { viewEvents } from '../../db/schema/index.ts';

export interface NewViewEvent {
  movieId: number;
  session: string;
  type: ViewEventType;
  nodeId: number | null;
  optionId: number | null;
  /** `choice`: who took it; null for other events. */
  takenBy: ChoiceTaker | null;
  seconds: number | null;
  atMs: number;
  receivedAt: Date;
}

export function createWatchRepository(db: Executor) {
  return {
    /** Stores one batch of a viewing's events, all or none. */
    async insertViewEvents(events: NewViewEvent[], tx: Executor = db): Promise<void> {
      if (events.length === 0) return;
      await tx.insert(viewEvents).values(events);
    },
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;
