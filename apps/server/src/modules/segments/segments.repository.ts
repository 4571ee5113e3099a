import { PRESET_SEGMENTS, type SegmentRules } from '@plotline/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { promotedItemSegments, segments } from '../../db/schema/index.ts';
import { parametersOf, segmentCountsSql } from './segment-sql.ts';

export interface SegmentRecord {
  id: number;
  companyId: number;
  preset: string | null;
  name: string;
  rules: SegmentRules;
  updatedAt: Date;
}

/** Bound parameters one count query may take beside the company's (PostgreSQL allows 65,535). */
const PARAMETERS_PER_QUERY = 30_000;

const segmentColumns = {
  id: segments.id,
  companyId: segments.companyId,
  preset: segments.preset,
  name: segments.name,
  rules: segments.rules,
  updatedAt: segments.updatedAt,
};

/** Promoted contents targeting a segment: one that is targeted cannot be deleted. */
const promotedCount = sql<number>`(select count(*) from ${promotedItemSegments} where ${promotedItemSegments.segmentId} = ${segments.id})::int`;

export function createSegmentsRepository(db: Executor) {
  return {
    /** Makes the company's preset segments that do not exist yet (core PRESET_SEGMENTS). */
    async ensurePresets(companyId: number, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .insert(segments)
        .values(
          PRESET_SEGMENTS.map((preset) => ({
            companyId,
            preset: preset.key,
            name: preset.name,
            rules: preset.rules,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing({ target: [segments.companyId, segments.preset] });
    },

    /** The company's segments, with how many promoted contents target each. */
    async listSegments(
      companyId: number,
      tx: Executor = db,
    ): Promise<(SegmentRecord & { promotedCount: number })[]> {
      return tx
        .select({ ...segmentColumns, promotedCount })
        .from(segments)
        .where(eq(segments.companyId, companyId));
    },

    async findSegment(
      id: number,
      tx: Executor = db,
    ): Promise<(SegmentRecord & { promotedCount: number }) | null> {
      const [row] = await tx
        .select({ ...segmentColumns, promotedCount })
        .from(segments)
        .where(eq(segments.id, id));
      return row ?? null;
    },

    /**
     * The segment, locked until the transaction ends: a promoted content cannot start targeting it
     * meanwhile (its foreign key waits for the lock).
     */
    async lockSegment(id: number, tx: Executor): Promise<SegmentRecord | null> {
      const [row] = await tx
        .select(segmentColumns)
        .from(segments)
        .where(eq(segments.id, id))
        .for('update');
      return row ?? null;
    },

    /**
     * Promoted contents targeting the segment, counted in a statement of its own: after
     * `lockSegment`, it sees those committed while the lock was awaited.
     */
    async countPromotedUsing(id: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(promotedItemSegments)
        .where(eq(promotedItemSegments.segmentId, id));
      return row?.count ?? 0;
    },

    /** Those of `ids` that are segments of the company, with their rules. */
    async findSegmentsOf(
      companyId: number,
      ids: number[],
      tx: Executor = db,
    ): Promise<{ id: number; rules: SegmentRules }[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: segments.id, rules: segments.rules })
        .from(segments)
        .where(and(eq(segments.companyId, companyId), inArray(segments.id, ids)));
    },

    async insertSegment(
      segment: { companyId: number; name: string; rules: SegmentRules; at: Date },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(segments)
        .values({
          companyId: segment.companyId,
          name: segment.name,
          rules: segment.rules,
          createdAt: segment.at,
          updatedAt: segment.at,
        })
        .returning({ id: segments.id });
      return row!.id;
    },

    async updateSegment(
      id: number,
      changes: { name?: string; rules?: SegmentRules },
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(segments)
        .set({ ...changes, updatedAt: at })
        .where(eq(segments.id, id));
    },

    async deleteSegment(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(segments).where(eq(segments.id, id));
    },

    /**
     * How many of the company's viewers each of `rules` holds at `now`, in their order: one query
     * (segment-sql.ts), more only past PostgreSQL's limit of bound parameters, in a transaction
     * whose JIT compilation is off. The query's estimated cost (a grouped scan of the viewers and
     * a subquery per segment naming a project or option) is far past PostgreSQL's JIT threshold,
     * and compiling its few hundred expressions took longer than running them (about 1.4 s
     * instead of 0.2 s for 200 segments on 100,000 viewers). PGlite has no JIT and takes the
     * setting as it is.
     */
    async countViewers(
      companyId: number,
      rules: SegmentRules[],
      now: Date,
      tx: Executor = db,
    ): Promise<number[]> {
      const batches: SegmentRules[][] = [];
      let parameters = Infinity;
      for (const one of rules) {
        const needed = parametersOf(one);
        if (parameters + needed > PARAMETERS_PER_QUERY) {
          batches.push([]);
          parameters = 0;
        }
        batches.at(-1)!.push(one);
        parameters += needed;
      }
      if (batches.length === 0) return [];
      return tx.transaction(async (inner) => {
        await inner.execute(sql`set local jit = off`);
        const counts: number[] = [];
        for (const batch of batches) {
          const [row] = await selectRows<Record<string, number>>(
            inner,
            segmentCountsSql(companyId, batch, now),
          );
          counts.push(...batch.map((_, index) => Number(row?.[`s${index}`] ?? 0)));
        }
        return counts;
      });
    },
  };
}

export type SegmentsRepository = ReturnType<typeof createSegmentsRepository>;
