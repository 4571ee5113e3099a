import {
  formatMessage,
  MESSAGES,
  PRESET_SEGMENTS,
  viewerInSegment,
  type SegmentCreate,
  type SegmentRow,
  type SegmentRules,
  type SegmentUpdate,
} from '@plotline/core';
import type { AuthContext } from '../../access/caller.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { AppOperator } from '../app-viewers/app-operator.ts';
import type { AppViewersRepository } from '../app-viewers/app-viewers.repository.ts';
import type { SegmentRecord, SegmentsRepository } from './segments.repository.ts';

/** A segment as the calls answer it, with the company it belongs to (for the activity log). */
export type SegmentReply = SegmentRow & { companyId: number };

const presetOrder = new Map(PRESET_SEGMENTS.map((preset, index) => [preset.key, index]));

/** Presets first, in core's order; then custom segments by name. */
function bySegmentOrder(a: SegmentRecord, b: SegmentRecord): number {
  const rank = (segment: SegmentRecord) =>
    segment.preset === null ? PRESET_SEGMENTS.length : (presetOrder.get(segment.preset) ?? 0);
  return (
    rank(a) - rank(b) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id
  );
}

function toRow(segment: SegmentRecord & { promotedCount: number }, viewers: number): SegmentReply {
  return {
    id: segment.id,
    preset: segment.preset,
    name: segment.name,
    rules: segment.rules,
    viewers,
    promoted_count: segment.promotedCount,
    updated_at: segment.updatedAt.toISOString(),
    companyId: segment.companyId,
  };
}

/**
 * A platform's audience segments: presets made on first read and never changed, custom ones the
 * platform writes, each counted live from its rules; and which segments hold one viewer, for the
 * app's feed.
 */
export function createSegmentsService(deps: {
  segments: Pick<
    SegmentsRepository,
    | 'ensurePresets'
    | 'listSegments'
    | 'findSegment'
    | 'lockSegment'
    | 'countPromotedUsing'
    | 'findSegmentsOf'
    | 'insertSegment'
    | 'updateSegment'
    | 'deleteSegment'
    | 'countViewers'
  >;
  viewers: Pick<AppViewersRepository, 'findFacts'>;
  operator: Pick<AppOperator, 'companyFor'>;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { segments, viewers, operator, clock, transaction } = deps;

  /** The company's segment, or 404 as an unknown id when it is another company's. */
  async function ownSegment(caller: AuthContext, id: number) {
    const companyId = await operator.companyFor(caller);
    const segment = await segments.findSegment(id);
    if (!segment || segment.companyId !== companyId) {
      throw new AppError(404, MESSAGES.segmentNotFound);
    }
    return segment;
  }

  async function counted(segment: SegmentRecord & { promotedCount: number }) {
    const [viewerCount] = await segments.countViewers(
      segment.companyId,
      [segment.rules],
      clock.now(),
    );
    return toRow(segment, viewerCount ?? 0);
  }

  return {
    /** Every segment of the caller's platform with its viewers now, presets first. */
    async list(caller: AuthContext): Promise<SegmentReply[]> {
      const companyId = await operator.companyFor(caller);
      await segments.ensurePresets(companyId, clock.now());
      const rows = (await segments.listSegments(companyId)).sort(bySegmentOrder);
      const counts = await segments.countViewers(
        companyId,
        rows.map((row) => row.rules),
        clock.now(),
      );
      return rows.map((row, index) => toRow(row, counts[index] ?? 0));
    },

    async create(caller: AuthContext, input: SegmentCreate): Promise<SegmentReply> {
      const companyId = await operator.companyFor(caller);
      const id = await segments.insertSegment({
        companyId,
        name: input.name,
        rules: input.rules,
        at: clock.now(),
      });
      return counted((await segments.findSegment(id))!);
    },

    /** A custom segment's name or rules; a preset is 409. */
    async update(caller: AuthContext, id: number, input: SegmentUpdate): Promise<SegmentReply> {
      const segment = await ownSegment(caller, id);
      if (segment.preset !== null) throw new AppError(409, MESSAGES.segmentIsPreset);
      await segments.updateSegment(id, { name: input.name, rules: input.rules }, clock.now());
      const updated = await segments.findSegment(id);
      // Deleted meanwhile by another request.
      if (!updated) throw new AppError(404, MESSAGES.segmentNotFound);
      return counted(updated);
    },

    /** Deletes a custom segment no promoted content targets; a preset or a targeted one is 409. */
    async remove(caller: AuthContext, id: number): Promise<SegmentReply> {
      const { companyId } = await ownSegment(caller, id);
      return transaction(async (tx) => {
        const segment = await segments.lockSegment(id, tx);
        if (!segment || segment.companyId !== companyId) {
          throw new AppError(404, MESSAGES.segmentNotFound);
        }
        if (segment.preset !== null) throw new AppError(409, MESSAGES.segmentIsPreset);
        const promotedCount = await segments.countPromotedUsing(id, tx);
        if (promotedCount > 0) {
          throw new AppError(409, formatMessage(MESSAGES.segmentInUse, { count: promotedCount }));
        }
        await segments.deleteSegment(id, tx);
        return toRow({ ...segment, promotedCount }, 0);
      });
    },

    /** How many of the caller's platform's viewers the rules would hold now. */
    async preview(caller: AuthContext, rules: SegmentRules): Promise<{ viewers: number }> {
      const companyId = await operator.companyFor(caller);
      const [viewerCount] = await segments.countViewers(companyId, [rules], clock.now());
      return { viewers: viewerCount ?? 0 };
    },

    /**
     * Which of `segmentIds` hold the viewer at `now` (ids of another company than the viewer's
     * never do): the viewer's facts in one query, the segments' rules in another, and core
     * `viewerInSegment`, which the SQL counts are tested against.
     */
    async segmentsHolding(
      viewerId: number,
      segmentIds: readonly number[],
      now: Date,
    ): Promise<Set<number>> {
      if (segmentIds.length === 0) return new Set();
      const facts = await viewers.findFacts(viewerId);
      if (!facts) return new Set();
      const rows = await segments.findSegmentsOf(facts.companyId, [...new Set(segmentIds)]);
      return new Set(
        rows.filter((row) => viewerInSegment(row.rules, facts, now)).map((row) => row.id),
      );
    },
  };
}

export type SegmentsService = ReturnType<typeof createSegmentsService>;
