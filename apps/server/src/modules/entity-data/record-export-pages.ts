import { and, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { TRecordQuery } from '@esigns/contracts/entities';
import type { TSort } from '@esigns/contracts/nocode-filters';
import type { Db } from '../../platform/db/database';
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
 */

export type RecordExportQuery = Pick<
  TRecordQuery,
  'filters' | 'filter_id' | 'apply_global_filters' | 'search' | 'base_filters'
> & {
  sort?: readonly TSort[] | undefined;
  /** Only these records (a grid's selection). */
  ids?: readonly string[] | undefined;
};

export type RecordExportPage = { rows: RecordRow[]; linkedTitles: Record<string, string> };

export type RecordExportReader = {
  /** Matches counted exactly up to `cap`. */
  count: (cap: number) => Promise<{ total: number; capped: boolean }>;
  /** The pages in order, `size` records each (the last one shorter), computed values filled. */
  pages: (size: number) => AsyncGenerator<RecordExportPage>;
};

type Anchor = { id: string; createdAt: string };

/** True when the order is the grid's default: newest first. */
const byNewest = (parts: SortPart[]): boolean =>
  parts.length === 2 && parts[0]!.system === 'created_at' && parts[0]!.desc && parts[1]!.system === 'id';

/** "After the anchor" in this order: one OR branch per key (the keys before it equal). */
function afterAnchor(parts: SortPart[], anchorId: string): SQL {
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
  const after = (anchor: Anchor | null): SQL | undefined => {
    if (!anchor) return undefined;
    return newest
      ? sql`(${entityData.createdAt}, ${entityData.id}) < (${anchor.createdAt}::timestamptz, ${anchor.id}::uuid)`
      : afterAnchor(parts, anchor.id);
  };
  return {
    count: (cap) =>
      query.ids !== undefined && query.ids.length === 0
        ? Promise.resolve({ total: 0, capped: false })
        : countWhere(db, where, cap),
    async *pages(size) {
      if (query.ids !== undefined && query.ids.length === 0) return;
      let anchor: Anchor | null = null;
      for (;;) {
        const found: (RecordRow & { anchorTime: string })[] = await db
          .select({ ...getTableColumns(entityData), anchorTime: sql<string>`${entityData.createdAt}::text` })
          .from(entityData)
          .where(and(where, after(anchor)))
          .orderBy(order)
          .limit(size);
        if (found.length === 0) return;
        const last = found[found.length - 1]!;
        anchor = { id: last.id, createdAt: last.anchorTime };
        const rows: RecordRow[] = found.map(({ anchorTime: _time, ...row }) => row as RecordRow);
        const computed = await withComputedValues(db, def, rows);
        yield { rows: computed, linkedTitles: await linkedTitles(db, def, computed) };
        if (found.length < size) return;
      }
    },
  };
}
