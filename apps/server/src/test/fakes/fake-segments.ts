import { PRESET_SEGMENTS, viewerInSegment, type SegmentRules } from '@plotline/core';
import type { Executor } from '../../db/database.ts';
import type {
  SegmentRecord,
  SegmentsRepository,
} from '../../modules/segments/segments.repository.ts';
import type { FakeViewers } from './fake-app-viewers.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';

export type FakeSegmentRows = FakeTable<SegmentRecord>;

/** A row of the fake `promoted_item_segments` table (its real key is the pair). */
export interface FakeTargetingRow {
  id: number;
  promotedId: number;
  segmentId: number;
}
export type FakeTargetingRows = FakeTable<FakeTargetingRow>;

export interface FakeSegmentTables {
  segments: FakeSegmentRows;
  targeting: FakeTargetingRows;
  viewers: FakeViewers;
}

/** The tables the segments fake reads, in `db`. */
export function createFakeSegmentTables(db: FakeDatabase): FakeSegmentTables {
  return { segments: db.table(), targeting: db.table(), viewers: db.table() };
}

/**
 * Makes a promoted content target a segment, as the link's foreign key does in PostgreSQL: it
 * waits while the segment is locked for a delete, and the delete waits for it in turn until its
 * transaction ends (a stricter lock than PostgreSQL's KEY SHARE, which only the delete's FOR
 * UPDATE conflicts with; the fakes' transactions do no more than that).
 */
export async function targetSegment(
  db: FakeDatabase,
  targeting: FakeTargetingRows,
  link: Omit<FakeTargetingRow, 'id'>,
  tx?: Executor,
): Promise<void> {
  await db.lock(`segments:${link.segmentId}`, tx);
  targeting.insert(link, tx);
}

/**
 * The segments repository over fake tables: presets made once per company, the promoted count a
 * join of the links, and viewers counted with core `viewerInSegment`, which the SQL counts are
 * tested against (segment-sql.medium.test.ts).
 */
export function createFakeSegments(db: FakeDatabase, tables: FakeSegmentTables) {
  const { segments, targeting, viewers } = tables;
  const promotedCount = (id: number, tx?: Executor) =>
    targeting.rows(tx).filter((link) => link.segmentId === id).length;
  const counted = (tx?: Executor) => (segment: SegmentRecord) => ({
    ...segment,
    promotedCount: promotedCount(segment.id, tx),
  });

  return {
    async ensurePresets(companyId: number, at: Date, tx?: Executor) {
      const made = new Set(
        segments
          .rows(tx)
          .filter((segment) => segment.companyId === companyId)
          .map((segment) => segment.preset),
      );
      for (const preset of PRESET_SEGMENTS.filter(({ key }) => !made.has(key))) {
        const { key, name, rules } = preset;
        segments.insert({ companyId, preset: key, name, rules, updatedAt: at }, tx);
      }
    },

    async listSegments(companyId: number, tx?: Executor) {
      return segments
        .rows(tx)
        .filter((segment) => segment.companyId === companyId)
        .map(counted(tx));
    },

    async findSegment(id: number, tx?: Executor) {
      const segment = segments.find(id, tx);
      return segment && counted(tx)(segment);
    },

    /** Waits for the segment's row lock and holds it until the transaction ends (FOR UPDATE). */
    async lockSegment(id: number, tx: Executor) {
      await db.lock(`segments:${id}`, tx);
      return segments.find(id, tx);
    },

    async countPromotedUsing(id: number, tx?: Executor) {
      return promotedCount(id, tx);
    },

    async findSegmentsOf(companyId: number, ids: number[], tx?: Executor) {
      return segments
        .rows(tx)
        .filter((segment) => segment.companyId === companyId && ids.includes(segment.id))
        .map(({ id, rules }) => ({ id, rules }));
    },

    async insertSegment(
      segment: { companyId: number; name: string; rules: SegmentRules; at: Date },
      tx?: Executor,
    ) {
      const { companyId, name, rules, at } = segment;
      return segments.insert({ companyId, preset: null, name, rules, updatedAt: at }, tx).id;
    },

    /** Changes the fields given; one left undefined keeps its value, as in drizzle's `set`. */
    async updateSegment(
      id: number,
      changes: { name?: string; rules?: SegmentRules },
      at: Date,
      tx?: Executor,
    ) {
      const given = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      segments.update(id, { ...given, updatedAt: at }, tx);
    },

    /** Deletes the segment; a link to it refuses that, as its foreign key does (RESTRICT). */
    async deleteSegment(id: number, tx?: Executor) {
      if (promotedCount(id, tx) > 0) {
        throw new Error(`promoted_item_segments_segment_id_fk: segment ${id} is targeted`);
      }
      segments.delete(id, tx);
    },

    async countViewers(companyId: number, rules: SegmentRules[], now: Date, tx?: Executor) {
      const ofCompany = viewers.rows(tx).filter((viewer) => viewer.companyId === companyId);
      return rules.map(
        (one) => ofCompany.filter((viewer) => viewerInSegment(one, viewer, now)).length,
      );
    },
  } satisfies SegmentsRepository;
}

export type FakeSegments = ReturnType<typeof createFakeSegments>;
