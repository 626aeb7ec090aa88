import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { formTemplates } from './schema';
import { findReadableTemplate, type FormTemplateRow } from './service';

/*
 * Templates read again and again by the same callers (every save of a form step checks its values
 * against the step's template) come from a small cache in this process, keyed by the template's id
 * and its stamp: version, last change and deletion, read by the caller in the statement it runs
 * anyway (`templateStampsSql`). An edit anywhere (another API node too) changes the stamp, so the
 * next call reads the row again: nothing is kept past an edit.
 */

/** Templates kept at most (least recently used out). */
const CAPACITY = 500;
const cache = new Map<string, { stamp: string; row: FormTemplateRow }>();

/**
 * SQL of a JSON object `{ template id: stamp }` for the templates among `ids` (an SQL expression
 * of type uuid[]); unknown ids are absent. Meant as a column of the caller's statement.
 */
export function templateStampsSql(ids: SQL): SQL {
  return sql`(select coalesce(jsonb_object_agg(t.id, t.version || ':' ||
      (extract(epoch from t.updated_at) * 1000000)::bigint || ':' || (t.deleted_at is null)), '{}'::jsonb)
    from ${formTemplates} t where t.id = any(${ids}))`;
}

/**
 * `findReadableTemplate` (own live or STANDARD, else 404) through the cache: the row kept for
 * `stamp` (from `templateStampsSql`), else read and kept. Without a stamp it reads.
 */
export async function findReadableTemplateAt(
  db: Db,
  companyId: string,
  id: string,
  stamp: string | undefined,
): Promise<FormTemplateRow> {
  if (stamp === undefined) return findReadableTemplate(db, companyId, id);
  const kept = cache.get(id);
  let row: FormTemplateRow;
  if (kept && kept.stamp === stamp) {
    row = kept.row;
    cache.delete(id);
  } else {
    row = await findReadableTemplate(db, companyId, id);
    if (cache.size >= CAPACITY && !cache.has(id)) cache.delete(cache.keys().next().value!);
  }
  // Read for one company, kept for all: the rule of `visibleTo` again, on the row.
  cache.set(id, { stamp, row });
  if (row.companyId !== null && (row.companyId !== companyId || row.deletedAt)) throw notFound('Template');
  return row;
}
