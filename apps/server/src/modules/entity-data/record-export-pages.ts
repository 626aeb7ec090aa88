import { inArray, sql, type SQL } from 'drizzle-orm';
import type { TRecordQuery } from '@esigns/contracts/entities';
import type { TSort } from '@esigns/contracts/nocode-filters';
import { buildQuery, rowsOfBuilt, type Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { sortParts, type SortPart } from './query';
import { entityData } from './schema';
import { countWhere, linkedTitles, recordWhere, withComputedValues, type RecordRow } from './service';

/*
 * Every record of a grid query, page after page by keyset (never OFFSET, never all at once): what
 * exports stream. The WHERE is the grid's (`recordWhere`: filters, saved filter, global filters,
 * search), the order the grid's (`sortParts`: the sorts, then created_at and id).
 * - The grid's default order (newest first) pages on `(created_at, id)` with the last row's exact
 *   values (its time read as text: a JS Date would drop the microseconds), which the
 *   (entity, created_at desc, id desc) index answers.
 * - Any other order pages on the last row's keys read again from that row (one InitPlan per key):
 *   `key after anchor, or equal and the next key after...`, NULLS LAST as the grid. A record
 *   deleted while it is the last one of a page ends that walk there (the export is then short of
 *   the records after it: written in the module README).
 * The page statements are built once per reader (the anchor and the size are placeholders) and run
 * on the driver (`rowsOfBuilt`): only the columns an export reads, times as epoch milliseconds, no
 * per-row mapping by Drizzle (building and mapping cost more CPU than PostgreSQL spent on a page).
 */

export type RecordExportQuery = Pick<
  TRecordQuery,
  'filters' | 'filter_id' | 'apply_global_filters' | 'search' | 'base_filters'
> & {
  sort?: readonly TSort[] | undefined;
  /** Only these records (a grid's selection). */
  ids?: readonly string[] | undefined;
};

/** What an export reads of a record. */
export type ExportRecord = Pick<
  RecordRow,
  'id' | 'title' | 'values' | 'createdBy' | 'createdAt' | 'updatedAt'
>;

export type RecordExportPage = { rows: ExportRecord[]; linkedTitles: Record<string, string> };

/**
 * A page row as the driver answers it; its times are added as Dates on the same object (no second
 * object per record: per-record objects must stay few and short-lived, see the exports README).
 */
type PageRow = Omit<ExportRecord, 'createdAt' | 'updatedAt'> & {
  created_ms: number;
  updated_ms: number;
  anchor_time: string;
  createdAt?: Date;
  updatedAt?: Date;
};

export type RecordExportReader = {
  /** Matches counted exactly up to `cap`. */
  count: (cap: number) => Promise<{ total: number; capped: boolean }>;
  /** The pages in order, `size` records each (the last one shorter), computed values filled. */
  pages: (size: number) => AsyncGenerator<RecordExportPage>;
};

/** True when the order is the grid's default: newest first. */
const byNewest = (parts: SortPart[]): boolean =>
  parts.length === 2 && parts[0]!.system === 'created_at' && parts[0]!.desc && parts[1]!.system === 'id';

/** "After the anchor" in this order: one OR branch per key (the keys before it equal). */
function afterAnchor(parts: SortPart[], anchorId: ReturnType<typeof sql.placeholder>): SQL {
  const anchor = (expr: SQL) =>
    sql`(select ${expr} from ${entityData} where ${entityData.id} = ${anchorId}::uuid)`;
  const branches: SQL[] = [];
  const equal: SQL[] = [];
  for (const part of parts) {
    const a = anchor(part.expr);
    const beyond = part.desc ? sql`${part.expr} < ${a}` : sql`${part.expr} > ${a}`;
    branches.push(
      sql.join([...equal, sql`(${a} is not null and (${beyond} or ${part.expr} is null))`], sql` and `),
    );
    equal.push(sql`${part.expr} is not distinct from ${a}`);
  }
  return sql`(${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` or `,
  )})`;
}

/**
 * A reader of every record of `def` matching `query` as the caller sees them in the grid. 422
 * (before any row is read) for a bad filter, saved filter or sort.
 */
export async function recordExportReader(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: RecordExportQuery,
): Promise<RecordExportReader> {
  const base = await recordWhere(db, access, def, query);
  const { parts, errors } = sortParts(def, query.sort ?? [], 'sort');
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const where = query.ids !== undefined ? sql`${base} and ${inArray(entityData.id, [...query.ids])}` : base;
  const order = sql.join(
    parts.map((p) => (p.desc ? sql`${p.expr} desc nulls last` : sql`${p.expr} asc nulls last`)),
    sql`, `,
  );
  const newest = byNewest(parts);
  const anchorId = sql.placeholder('anchorId');
  const after = newest
    ? sql`(${entityData.createdAt}, ${entityData.id}) < (${sql.placeholder('anchorTime')}::timestamptz, ${anchorId}::uuid)`
    : afterAnchor(parts, anchorId);
  const page = (condition: SQL) =>
    buildQuery(sql`select ${entityData.id} as "id", ${entityData.title} as "title",
        ${entityData.createdBy} as "createdBy", ${entityData.values} as "values",
        floor(extract(epoch from ${entityData.createdAt}) * 1000)::float8 as "created_ms",
        floor(extract(epoch from ${entityData.updatedAt}) * 1000)::float8 as "updated_ms",
        ${entityData.createdAt}::text as "anchor_time"
      from ${entityData} where ${condition} order by ${order} limit ${sql.placeholder('size')}`);
  const first = page(where);
  const next = page(sql`${where} and ${after}`);
  return {
    count: (cap) =>
      query.ids !== undefined && query.ids.length === 0
        ? Promise.resolve({ total: 0, capped: false })
        : countWhere(db, where, cap),
    async *pages(size) {
      if (query.ids !== undefined && query.ids.length === 0) return;
      let anchor: { id: string; time: string } | null = null;
      for (;;) {
        let found: PageRow[] | null = await (anchor
          ? rowsOfBuilt<PageRow>(db, next, { size, anchorId: anchor.id, anchorTime: anchor.time })
          : rowsOfBuilt<PageRow>(db, first, { size }));
        if (found.length === 0) return;
        anchor = anchorOf(found);
        const full = found.length === size;
        let page: RecordExportPage | null = await pageOf(db, def, found);
        found = null;
        yield page;
        // Not held here while the consumer writes it and the next page is read: rows kept longer
        // are promoted to V8's old generation (exports README "Memory and speed").
        page = null;
        if (!full) return;
      }
    },
  };
}

const anchorOf = (rows: PageRow[]): { id: string; time: string } => {
  const last = rows[rows.length - 1]!;
  return { id: last.id, time: last.anchor_time };
};

/** A page of rows: times as Dates (on the same objects), computed values and linked titles filled. */
async function pageOf(db: Db, def: EntityDefinition, found: PageRow[]): Promise<RecordExportPage> {
  for (const row of found) {
    row.createdAt = new Date(row.created_ms);
    row.updatedAt = new Date(row.updated_ms);
  }
  const rows = await withComputedValues(db, def, found as ExportRecord[]);
  return { rows, linkedTitles: await linkedTitles(db, def, rows) };
}
