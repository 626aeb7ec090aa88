import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery, TValidationDetail } from '@esigns/contracts/envelope';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import { isInputFieldType } from '@esigns/contracts/nocode-field-types';
import type { TRepeatableEntry, TRepeatableEntryPage } from '@esigns/contracts/record-extras';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { loadEntityDefinition, type EntityDefinition, type EntityTemplateDef } from '../entities';
import { templateDefinitions } from '../form-templates';
import type { AccessContext } from '../permissions';
import { fillGlobalVariables } from './computed-values';
import { checkFileRefs } from './files-service';
import { fieldChanges, writeHistory, type HistoryRow } from './history/write-history';
import { checkEntityLinks, fillAutoIncrements } from './record-values';
import { entityData, templateDataEntries } from './schema';
import { addLinkedIds, findCompanyRecord, titlesOf } from './service';

/*
 * Entries of repeatable templates (line items): many value sets of one template per record,
 * each checked by the shared validator like a template of the record, with the same server
 * checks (uploaded files, linked records) and AUTO_INCREMENT numbers (the record counters, keyed
 * by entity, template and field). `max_entries` of the template bounds how many a record holds;
 * the record row is locked while adding so two adds cannot pass it together. A duplicated record
 * gets copies of its entries (`copyEntries`, in the duplication's transaction).
 */

export type EntryRow = typeof templateDataEntries.$inferSelect;
type Path = (string | number)[];

export function toEntry(row: EntryRow): TRepeatableEntry {
  return {
    _id: row.id,
    entity_data_id: row.entityDataId,
    template_id: row.templateId,
    position: row.position,
    values: row.values,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type EntryContext = { def: EntityDefinition; template: EntityTemplateDef; maxEntries: number | null };

/** The record (of the caller's company) and its repeatable template, or 404 / 422. */
async function contextOf(db: Db, access: AccessContext, recordId: string, templateId: string) {
  const record = await findCompanyRecord(db, access.companyId, recordId);
  const def = await loadEntityDefinition(db, access.companyId, record.entityId);
  const template = isUuid(templateId) ? def.byId.get(templateId) : undefined;
  if (!template) throw notFound('Template');
  if (!template.isRepeatable) {
    throw validationError(
      [{ key: 'template_id', path: ['template_id'], message: 'Not a repeatable template of this entity' }],
      `${template.name} is not a repeatable template`,
    );
  }
  const settings = (await templateDefinitions(db, [template.id])).get(template.id);
  return { record, def, template, maxEntries: settings?.maxEntries ?? null };
}

/** The entry of the caller's company, or 404. */
export async function findEntry(db: Db, companyId: string, id: string): Promise<EntryRow> {
  if (!isUuid(id)) throw notFound('Entry');
  const [row] = await db
    .select()
    .from(templateDataEntries)
    .where(and(eq(templateDataEntries.id, id), eq(templateDataEntries.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Entry');
  return row;
}

/** Entries with their GLOBAL_VARIABLE fields filled. */
async function present(db: Db, ctx: EntryContext, rows: EntryRow[]): Promise<TRepeatableEntry[]> {
  const wrapped = rows.map((row) => ({ row, values: { [ctx.template.id]: row.values } }));
  const filled = await fillGlobalVariables(db, ctx.def, wrapped);
  return filled.map(({ row, values }) => toEntry({ ...row, values: values[ctx.template.id] ?? {} }));
}

/** The entity with one repeatable template alone, as if it were a plain one, for the record helpers. */
function plainTemplateDef(def: EntityDefinition, repeatable: EntityTemplateDef): EntityDefinition {
  const template = { ...repeatable, isRepeatable: false };
  return { ...def, templates: [template], byId: new Map([[template.id, template]]) };
}

const asPlainTemplate = (ctx: EntryContext) => plainTemplateDef(ctx.def, ctx.template);

/** Titles of the records the ENTITY fields of `rows` link to (this company's only), in one query. */
async function entryLinkedTitles(
  db: Db,
  ctx: EntryContext,
  rows: EntryRow[],
): Promise<Record<string, string>> {
  const ids = new Set<string>();
  for (const field of ctx.template.fields) {
    if (field.type !== 'ENTITY') continue;
    for (const row of rows) addLinkedIds(row.values[field.key], ids);
  }
  return titlesOf(db, ctx.def.row.companyId, ids);
}

/** Checks of what only the server knows (uploaded files, linked records), keyed like the values. */
async function serverChecks(
  db: Db,
  ctx: EntryContext,
  items: { values: Record<string, unknown>; prefix: Path }[],
): Promise<TValidationDetail[]> {
  const def = asPlainTemplate(ctx);
  const records = items.map(({ values, prefix }) => ({ values: { [ctx.template.id]: values }, prefix }));
  const details = [...(await checkFileRefs(db, def, records)), ...(await checkEntityLinks(db, def, records))];
  // Their paths are `<prefix>.<template_id>.<key>...`: entries key them `<prefix>.<key>...`.
  return details.map((detail) => {
    const at = detail.path.indexOf(ctx.template.id);
    const path = at < 0 ? detail.path : [...detail.path.slice(0, at), ...detail.path.slice(at + 1)];
    return { ...detail, key: path.join('.'), path };
  });
}

const refuse = (details: TValidationDetail[]) => validationError(details.slice(0, 200), details[0]!.message);

/** A history row of an entry's record: the entry and the fields that changed between `before` and `after`. */
function entryHistory(
  access: AccessContext,
  record: { id: string; entityId: string },
  template: EntityTemplateDef | undefined,
  entry: EntryRow,
  action: 'ENTRY_ADDED' | 'ENTRY_UPDATED' | 'ENTRY_DELETED',
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): HistoryRow {
  return {
    companyId: access.companyId,
    entityId: record.entityId,
    entityDataId: record.id,
    userId: access.userId,
    action,
    changes: {
      entry: { _id: entry.id, template_id: entry.templateId },
      fields: fieldChanges(template, entry.templateId, before, after),
    },
  };
}

/**
 * `GET /templates-data/repeatable-template`: a record's entries of one template, in order, with
 * the titles of the records their ENTITY fields link to.
 */
export async function listEntries(
  db: Db,
  access: AccessContext,
  query: TPageQuery & { entity_data_id: string; template_id: string },
): Promise<TRepeatableEntryPage> {
  const ctx = await contextOf(db, access, query.entity_data_id, query.template_id);
  const where = and(
    eq(templateDataEntries.entityDataId, ctx.record.id),
    eq(templateDataEntries.templateId, ctx.template.id),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(templateDataEntries)
      .where(where)
      .orderBy(
        asc(templateDataEntries.position),
        asc(templateDataEntries.createdAt),
        asc(templateDataEntries.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(templateDataEntries)
      .where(where),
  ]);
  const total = Number(count?.n ?? 0);
  const [data, titles] = await Promise.all([present(db, ctx, rows), entryLinkedTitles(db, ctx, rows)]);
  return {
    data,
    total,
    page: query.page,
    total_pages: Math.ceil(total / query.limit),
    linked_titles: titles,
  };
}

/** `GET /repeatable-template/ids/{id}`: the ids of a record's entries (of one template, or all). */
export async function entryIds(
  db: Db,
  access: AccessContext,
  recordId: string,
  templateId: string | undefined,
): Promise<{ _id: string; template_id: string }[]> {
  const record = await findCompanyRecord(db, access.companyId, recordId);
  const rows = await db
    .select({ _id: templateDataEntries.id, template_id: templateDataEntries.templateId })
    .from(templateDataEntries)
    .where(
      and(
        eq(templateDataEntries.entityDataId, record.id),
        templateId ? eq(templateDataEntries.templateId, templateId) : undefined,
      ),
    )
    .orderBy(
      asc(templateDataEntries.templateId),
      asc(templateDataEntries.position),
      asc(templateDataEntries.id),
    );
  return rows;
}

/** One entry with its computed values, or 404. */
export async function readEntry(db: Db, access: AccessContext, id: string): Promise<TRepeatableEntry> {
  const row = await findEntry(db, access.companyId, id);
  const ctx = await contextOf(db, access, row.entityDataId, row.templateId);
  return (await present(db, ctx, [row]))[0]!;
}

/**
 * Adds entries to a record (all or none): each checked in full, details keyed by `prefix(i)`
 * (`values.<key>` for one, `entries.<i>.<key>` for several); 409 past the template's
 * `max_entries`.
 */
export async function addEntries(
  db: Db,
  access: AccessContext,
  input: { entity_data_id: string; template_id: string },
  entries: unknown[],
  prefix: (index: number) => Path,
): Promise<TRepeatableEntry[]> {
  const ctx = await contextOf(db, access, input.entity_data_id, input.template_id);
  const parsed = entries.map((values, index) =>
    parseTemplateValues(ctx.template.fields, values, { partial: false }, prefix(index)),
  );
  const errors = parsed.flatMap((p) => p.errors);
  if (errors.length > 0) throw refuse(errors);
  const checked = await serverChecks(
    db,
    ctx,
    parsed.map((p, index) => ({ values: p.values, prefix: prefix(index) })),
  );
  if (checked.length > 0) throw refuse(checked);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${entityData} where ${entityData.id} = ${ctx.record.id} for update`);
    const [stats] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${templateDataEntries.position}), -1)::int`,
      })
      .from(templateDataEntries)
      .where(
        and(
          eq(templateDataEntries.entityDataId, ctx.record.id),
          eq(templateDataEntries.templateId, ctx.template.id),
        ),
      );
    const count = Number(stats?.n ?? 0);
    if (ctx.maxEntries !== null && count + parsed.length > ctx.maxEntries) {
      throw new AppError('CONFLICT', {
        message: `${ctx.template.name} holds at most ${ctx.maxEntries} entries per record (${count} already)`,
        errorCode: 'MAX_ENTRIES_REACHED',
      });
    }
    // Numbered like records (counter per entity, template and field), in this transaction.
    await fillAutoIncrements(
      tx,
      asPlainTemplate(ctx),
      parsed.map((p) => ({ [ctx.template.id]: p.values })),
    );
    const first = Number(stats?.last ?? -1) + 1;
    const added = await tx
      .insert(templateDataEntries)
      .values(
        parsed.map((p, index) => ({
          companyId: access.companyId,
          entityDataId: ctx.record.id,
          templateId: ctx.template.id,
          position: first + index,
          values: p.values,
          createdBy: access.userId,
        })),
      )
      .returning();
    await writeHistory(
      tx,
      added.map((entry) =>
        entryHistory(access, ctx.record, ctx.template, entry, 'ENTRY_ADDED', undefined, entry.values),
      ),
    );
    return added;
  });
  return present(db, ctx, rows);
}

/**
 * Changes the fields sent of an entry (partial), then checks the merged entry whole (required
 * fields, formulas recomputed); AUTO_INCREMENT numbers stay as given. Details keyed `values.<key>`.
 */
export async function updateEntry(
  db: Db,
  access: AccessContext,
  id: string,
  input: Record<string, unknown>,
): Promise<TRepeatableEntry> {
  const row = await findEntry(db, access.companyId, id);
  const ctx = await contextOf(db, access, row.entityDataId, row.templateId);
  const fields = ctx.template.fields;
  const partial = parseTemplateValues(fields, input, { partial: true }, ['values']);
  if (partial.errors.length > 0) throw refuse(partial.errors);
  const merged = Object.fromEntries(
    Object.entries({ ...row.values, ...partial.values }).filter(([key]) => {
      const field = fields.find((f) => f.key === key);
      return field !== undefined && isInputFieldType(field.type);
    }),
  );
  const full = parseTemplateValues(fields, merged, { partial: false }, ['values']);
  if (full.errors.length > 0) throw refuse(full.errors);
  const checked = await serverChecks(db, ctx, [{ values: full.values, prefix: ['values'] }]);
  if (checked.length > 0) throw refuse(checked);
  const numbers = fields
    .filter((f) => f.type === 'AUTO_INCREMENT' && row.values[f.key] !== undefined)
    .map((f) => [f.key, row.values[f.key]]);
  const values = { ...full.values, ...Object.fromEntries(numbers) };
  const history = entryHistory(access, ctx.record, ctx.template, row, 'ENTRY_UPDATED', row.values, values);
  const updated = await db.transaction(async (tx) => {
    await writeHistory(tx, history.changes.fields.length === 0 ? [] : [history]);
    const [changed] = await tx
      .update(templateDataEntries)
      .set({ values, updatedAt: new Date() })
      .where(eq(templateDataEntries.id, row.id))
      .returning();
    return changed!;
  });
  return (await present(db, ctx, [updated]))[0]!;
}

/** Deletes an entry of the caller's company (404 otherwise), with its values in the record's history. */
export async function deleteEntry(db: Db, access: AccessContext, id: string): Promise<void> {
  const row = await findEntry(db, access.companyId, id);
  const record = await findCompanyRecord(db, access.companyId, row.entityDataId);
  const def = await loadEntityDefinition(db, access.companyId, record.entityId);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(templateDataEntries)
      .where(eq(templateDataEntries.id, row.id))
      .returning({ id: templateDataEntries.id });
    // A concurrent delete already took it (and wrote its row).
    if (gone.length === 0) return;
    await writeHistory(tx, [
      entryHistory(access, record, def.byId.get(row.templateId), row, 'ENTRY_DELETED', row.values, undefined),
    ]);
  });
}

/**
 * Copies every entry of every repeatable template of each `from` record to its `to` record (a
 * duplicated record), in the caller's transaction: same values and order (positions from 0), file
 * references shared like the record's, AUTO_INCREMENT fields numbered anew as added entries are
 * (one counter upsert per field and template for the whole batch, in the order of `pairs`).
 * Entries are copied as stored, without re-checking them; `max_entries` is not applied (a copy
 * holds what its original holds). Answers how many entries were copied.
 */
export async function copyEntries(
  tx: Db,
  access: AccessContext,
  def: EntityDefinition,
  pairs: readonly { from: string; to: string }[],
): Promise<number> {
  const repeatable = def.templates.filter((t) => t.isRepeatable);
  if (repeatable.length === 0 || pairs.length === 0) return 0;
  const rows = await tx
    .select({
      entityDataId: templateDataEntries.entityDataId,
      templateId: templateDataEntries.templateId,
      values: templateDataEntries.values,
    })
    .from(templateDataEntries)
    .where(
      and(
        eq(templateDataEntries.companyId, access.companyId),
        inArray(
          templateDataEntries.entityDataId,
          pairs.map((p) => p.from),
        ),
        inArray(
          templateDataEntries.templateId,
          repeatable.map((t) => t.id),
        ),
      ),
    )
    .orderBy(
      asc(templateDataEntries.entityDataId),
      asc(templateDataEntries.templateId),
      asc(templateDataEntries.position),
      asc(templateDataEntries.createdAt),
      asc(templateDataEntries.id),
    );
  if (rows.length === 0) return 0;
  const bySource = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.entityDataId}:${row.templateId}`;
    const list = bySource.get(key);
    if (list) list.push(row);
    else bySource.set(key, [row]);
  }
  const copies: (typeof templateDataEntries.$inferInsert)[] = [];
  for (const template of repeatable) {
    const numbered = new Set(template.fields.filter((f) => f.type === 'AUTO_INCREMENT').map((f) => f.key));
    const batch: { to: string; position: number; values: Record<string, unknown> }[] = [];
    for (const { from, to } of pairs) {
      (bySource.get(`${from}:${template.id}`) ?? []).forEach((row, position) => {
        const values = Object.fromEntries(Object.entries(row.values).filter(([key]) => !numbered.has(key)));
        batch.push({ to, position, values });
      });
    }
    if (batch.length === 0) continue;
    // Numbered like added entries: the record helper on the template as a plain one.
    const wrapped = batch.map((entry) => ({ [template.id]: entry.values }));
    await fillAutoIncrements(tx, plainTemplateDef(def, template), wrapped);
    batch.forEach((entry, index) =>
      copies.push({
        companyId: access.companyId,
        entityDataId: entry.to,
        templateId: template.id,
        position: entry.position,
        values: wrapped[index]![template.id] ?? entry.values,
        createdBy: access.userId,
      }),
    );
  }
  for (let i = 0; i < copies.length; i += 500) {
    await tx.insert(templateDataEntries).values(copies.slice(i, i + 500));
  }
  return copies.length;
}
