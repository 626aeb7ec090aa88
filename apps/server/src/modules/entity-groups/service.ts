import { isUuid } from '@esigns/contracts/ids';
import { escapeLike } from '../../platform/db/database';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import {
  WORKFLOWS_NOT_AVAILABLE,
  type TCreateEntityGroupRequest,
  type TEntityGroup,
  type TEntityGroupListQuery,
  type TUpdateEntityGroupRequest,
} from '@esigns/contracts/entity-groups';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import type { AccessContext } from '../permissions';
import { MEMBER_KINDS, loadMembers, unknownMemberProblems, type MemberIds, type Members } from './members';
import { entityGroups } from './schema';

/*
 * Entity groups: a company's bundles of entities, form templates, document templates and global
 * variables, in an order (`position`, 0-based) the company chooses. Member ids are checked on
 * every write; members deleted later are dropped when read.
 */

type GroupRow = typeof entityGroups.$inferSelect;

const detail = (key: string, message: string): TValidationDetail => ({ key, message, path: key.split('.') });

const idsOf = (row: GroupRow): MemberIds => ({
  entity_ids: row.entityIds,
  form_template_ids: row.formTemplateIds,
  doc_template_ids: row.docTemplateIds,
  global_variable_ids: row.globalVariableIds,
});

/** The group as answered: only members that still exist, in the stored order, with their names. */
function toEntityGroup(row: GroupRow, members: Members): TEntityGroup {
  const live = (kind: (typeof MEMBER_KINDS)[number], ids: readonly string[]) =>
    ids.filter((id) => members[kind].has(id));
  const entityIds = live('entity_ids', row.entityIds);
  const formIds = live('form_template_ids', row.formTemplateIds);
  const docIds = live('doc_template_ids', row.docTemplateIds);
  const variableIds = live('global_variable_ids', row.globalVariableIds);
  return {
    _id: row.id,
    company_id: row.companyId,
    name: row.name,
    description: row.description,
    icon: row.icon,
    position: row.position,
    entity_ids: entityIds,
    form_template_ids: formIds,
    doc_template_ids: docIds,
    global_variable_ids: variableIds,
    workflow_ids: [],
    entities: entityIds.map((id) => ({ _id: id, ...members.entity_ids.get(id)! })),
    formTemplates: formIds.map((id) => ({ _id: id, ...members.form_template_ids.get(id)! })),
    docTemplates: docIds.map((id) => ({ _id: id, ...members.doc_template_ids.get(id)! })),
    globalVariables: variableIds.map((id) => ({ _id: id, ...members.global_variable_ids.get(id)! })),
    workflows: [],
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Answers several groups with one member query per kind for all of them. */
async function toEntityGroups(db: Db, companyId: string, rows: GroupRow[]): Promise<TEntityGroup[]> {
  const all: MemberIds = {
    entity_ids: [],
    form_template_ids: [],
    doc_template_ids: [],
    global_variable_ids: [],
  };
  for (const row of rows) {
    const ids = idsOf(row);
    for (const kind of MEMBER_KINDS) all[kind] = [...all[kind], ...ids[kind]];
  }
  const members = await loadMembers(db, companyId, all);
  return rows.map((row) => toEntityGroup(row, members));
}

/** `GET /entity-groups`: the company's groups in their order, paged. */
export async function listEntityGroups(
  db: Db,
  companyId: string,
  query: TEntityGroupListQuery,
): Promise<{ rows: TEntityGroup[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(entityGroups.companyId, companyId),
    pattern
      ? sql`(${entityGroups.name} ilike ${pattern} or ${entityGroups.description} ilike ${pattern})`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(entityGroups)
      .where(where)
      .orderBy(asc(entityGroups.position), sql`lower(${entityGroups.name})`, asc(entityGroups.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(entityGroups)
      .where(where),
  ]);
  return { rows: await toEntityGroups(db, companyId, rows), total: count?.n ?? 0 };
}

async function findRow(db: Db, companyId: string, id: string): Promise<GroupRow> {
  if (!isUuid(id)) throw notFound('Entity group');
  const [row] = await db
    .select()
    .from(entityGroups)
    .where(and(eq(entityGroups.id, id), eq(entityGroups.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Entity group');
  return row;
}

/** `GET /entity-groups/{id}`. */
export async function findEntityGroup(db: Db, companyId: string, id: string): Promise<TEntityGroup> {
  const [group] = await toEntityGroups(db, companyId, [await findRow(db, companyId, id)]);
  return group!;
}

/** Every problem of a create or update body: name taken, workflows, ids that are not the company's. */
async function bodyProblems(
  db: Db,
  companyId: string,
  body: TUpdateEntityGroupRequest,
  excludeId?: string,
): Promise<TValidationDetail[]> {
  const problems: TValidationDetail[] = [];
  if (body.name !== undefined) {
    const [taken] = await db
      .select({ id: entityGroups.id })
      .from(entityGroups)
      .where(
        and(
          eq(entityGroups.companyId, companyId),
          sql`lower(${entityGroups.name}) = lower(${body.name})`,
          excludeId ? ne(entityGroups.id, excludeId) : undefined,
        ),
      )
      .limit(1);
    if (taken) problems.push(detail('name', `Another group is already called ${body.name}`));
  }
  if (body.workflow_ids && body.workflow_ids.length > 0) {
    problems.push(detail('workflow_ids', WORKFLOWS_NOT_AVAILABLE));
  }
  const given: Partial<MemberIds> = {};
  for (const kind of MEMBER_KINDS) if (body[kind] !== undefined) given[kind] = body[kind];
  const found = await loadMembers(db, companyId, {
    entity_ids: given.entity_ids ?? [],
    form_template_ids: given.form_template_ids ?? [],
    doc_template_ids: given.doc_template_ids ?? [],
    global_variable_ids: given.global_variable_ids ?? [],
  });
  problems.push(...unknownMemberProblems(given, found));
  return problems;
}

const dedupe = (ids: readonly string[] | undefined): string[] | undefined =>
  ids === undefined ? undefined : [...new Set(ids)];

function rethrowUnique(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw validationError([detail('name', 'Another group took this name a moment ago: try again')]);
  }
  throw err;
}

/** Renumbers the company's groups 0..n-1 with `moved` at `position` (clamped), the others in order. */
async function placeGroup(tx: Db, companyId: string, moved: string, position: number): Promise<void> {
  const rows = await tx
    .select({ id: entityGroups.id, position: entityGroups.position })
    .from(entityGroups)
    .where(eq(entityGroups.companyId, companyId))
    .orderBy(asc(entityGroups.position), sql`lower(${entityGroups.name})`, asc(entityGroups.id));
  const order = rows.filter((row) => row.id !== moved);
  order.splice(Math.min(position, order.length), 0, { id: moved, position: -1 });
  const changed = order
    .map((row, index) => ({ id: row.id, from: rows.find((r) => r.id === row.id)?.position, to: index }))
    .filter((row) => row.from !== row.to);
  if (changed.length === 0) return;
  const values: SQL = sql.join(
    changed.map((row) => sql`(${row.id}::uuid, ${row.to}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${entityGroups} set position = v.position
    from (values ${values}) as v(id, position)
    where ${entityGroups.id} = v.id and ${entityGroups.companyId} = ${companyId}`);
}

/** `POST /entity-groups`. */
export async function createEntityGroup(
  db: Db,
  access: AccessContext,
  body: TCreateEntityGroupRequest,
): Promise<TEntityGroup> {
  const problems = await bodyProblems(db, access.companyId, body);
  if (problems.length > 0) throw validationError(problems, `${problems[0]!.key}: ${problems[0]!.message}`);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(entityGroups)
        .values({
          companyId: access.companyId,
          name: body.name,
          description: body.description,
          icon: body.icon,
          position: sql`(select coalesce(max(position) + 1, 0) from ${entityGroups} where company_id = ${access.companyId})`,
          entityIds: dedupe(body.entity_ids)!,
          formTemplateIds: dedupe(body.form_template_ids)!,
          docTemplateIds: dedupe(body.doc_template_ids)!,
          globalVariableIds: dedupe(body.global_variable_ids)!,
          workflowIds: [],
          createdBy: access.userId,
        })
        .returning({ id: entityGroups.id });
      if (body.position !== undefined) await placeGroup(tx, access.companyId, row!.id, body.position);
      return row!.id;
    });
    return findEntityGroup(db, access.companyId, id);
  } catch (err) {
    rethrowUnique(err);
  }
}

/** `PATCH /entity-groups/{id}`: what the body gives changes; `position` moves the group. */
export async function updateEntityGroup(
  db: Db,
  access: AccessContext,
  id: string,
  body: TUpdateEntityGroupRequest,
): Promise<TEntityGroup> {
  const row = await findRow(db, access.companyId, id);
  const problems = await bodyProblems(db, access.companyId, body, row.id);
  if (problems.length > 0) throw validationError(problems, `${problems[0]!.key}: ${problems[0]!.message}`);
  const lists = {
    entityIds: dedupe(body.entity_ids),
    formTemplateIds: dedupe(body.form_template_ids),
    docTemplateIds: dedupe(body.doc_template_ids),
    globalVariableIds: dedupe(body.global_variable_ids),
  };
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(entityGroups)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.icon !== undefined ? { icon: body.icon } : {}),
          ...Object.fromEntries(Object.entries(lists).filter(([, ids]) => ids !== undefined)),
          updatedAt: new Date(),
        })
        .where(eq(entityGroups.id, row.id));
      if (body.position !== undefined) await placeGroup(tx, access.companyId, row.id, body.position);
    });
  } catch (err) {
    rethrowUnique(err);
  }
  return findEntityGroup(db, access.companyId, row.id);
}

/** `DELETE /entity-groups/{id}`: the group only (its members stay); the later groups move up. */
export async function deleteEntityGroup(db: Db, access: AccessContext, id: string): Promise<{ _id: string }> {
  const row = await findRow(db, access.companyId, id);
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(entityGroups).where(eq(entityGroups.id, row.id)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', { message: 'Entity group not found' });
    await tx
      .update(entityGroups)
      .set({ position: sql`${entityGroups.position} - 1` })
      .where(
        and(
          eq(entityGroups.companyId, access.companyId),
          sql`${entityGroups.position} > ${deleted.position}`,
        ),
      );
  });
  return { _id: row.id };
}
