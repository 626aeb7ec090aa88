import { and, count, desc, eq } from 'drizzle-orm';
import { toPaged, type TPageQuery } from '@esigns/contracts/envelope';
import type { TValueField } from '@esigns/contracts/nocode-fields';
import type {
  TRecordHistoryItem,
  TRecordHistoryPage,
  TStoredFieldChange,
  TStoredHistoryChanges,
} from '@esigns/contracts/record-history';
import type { Db } from '../../../platform/db/database';
import { findPeople } from '../../auth';
import { loadEntityDefinition, type EntityDefinition } from '../../entities';
import type { AccessContext } from '../../permissions';
import { printableText } from '../printable-values';
import { addLinkedIds, findCompanyRecord, personRef, titlesOf } from '../service';
import { entityDataHistory } from './schema';

/*
 * `GET /entity-data/{id}/history`: a record's changes, newest first, paged, with the values as text
 * (files by name, linked records by title, dates as `DD MMM YYYY`). Labels and types are the
 * fields' current ones; a field removed since keeps the label and type it had then.
 */

const DATE_FORMAT = 'DD MMM YYYY';

/** The field to print a change with: the template's field now if it still has that type, else as stored. */
function fieldOf(def: EntityDefinition, change: TStoredFieldChange): TValueField & { label?: string } {
  const field = def.byId.get(change.template_id)?.fields.find((f) => f.key === change.key);
  if (field && field.type === change.type) return field;
  return { key: change.key, label: change.label, type: change.type } as TValueField;
}

/** Titles (this company's records only) of the records ENTITY changes link to, in one query. */
function changeTitles(db: Db, companyId: string, changes: TStoredFieldChange[]) {
  const ids = new Set<string>();
  for (const change of changes)
    if (change.type === 'ENTITY') for (const value of [change.before, change.after]) addLinkedIds(value, ids);
  return titlesOf(db, companyId, ids);
}

/** A record's history (the caller's company's record, else 404), newest first. */
export async function listRecordHistory(
  db: Db,
  access: AccessContext,
  id: string,
  query: TPageQuery,
): Promise<TRecordHistoryPage> {
  const record = await findCompanyRecord(db, access.companyId, id);
  const where = and(
    eq(entityDataHistory.entityDataId, record.id),
    eq(entityDataHistory.companyId, access.companyId),
  );
  const [rows, [counted], def] = await Promise.all([
    db
      .select({
        id: entityDataHistory.id,
        action: entityDataHistory.action,
        changes: entityDataHistory.changes,
        createdAt: entityDataHistory.createdAt,
        userId: entityDataHistory.userId,
      })
      .from(entityDataHistory)
      .where(where)
      .orderBy(desc(entityDataHistory.createdAt), desc(entityDataHistory.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(entityDataHistory).where(where),
    loadEntityDefinition(db, access.companyId, record.entityId),
  ]);
  const people = await findPeople(db, [...rows.map((row) => row.userId), record.createdBy]);
  const refOf = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? personRef(id, person.firstName, person.lastName, person.email) : null;
  };
  const stored = rows.map((row) => row.changes as TStoredHistoryChanges);
  const linkedTitles = await changeTitles(
    db,
    access.companyId,
    stored.flatMap((s) => s.fields),
  );
  const options = { dateFormat: DATE_FORMAT, linkedTitles };
  const templateName = (templateId: string) => def.byId.get(templateId)?.name ?? null;
  const items = rows.map((row, index): TRecordHistoryItem => {
    const changes = stored[index]!;
    return {
      _id: row.id,
      entity_data_id: record.id,
      action: row.action,
      user: refOf(row.userId),
      created_at: row.createdAt.toISOString(),
      entry: changes.entry
        ? { ...changes.entry, template_name: templateName(changes.entry.template_id) }
        : null,
      changes: changes.fields.map((change) => {
        const field = fieldOf(def, change);
        return {
          template_id: change.template_id,
          template_name: templateName(change.template_id),
          key: change.key,
          label: field.label || change.label || change.key,
          before: printableText(field, change.before, options),
          after: printableText(field, change.after, options),
        };
      }),
    };
  });
  return {
    ...toPaged(items, counted?.n ?? 0, query),
    created_by: refOf(record.createdBy),
    created_at: record.createdAt.toISOString(),
  };
}
