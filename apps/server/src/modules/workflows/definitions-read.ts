import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '@esigns/contracts/ids';
import {
  WORKFLOW_INSTANCE_STATUSES,
  WORKFLOW_STATUSES,
  type TWorkflow,
  type TWorkflowInstanceStatus,
  type TWorkflowStatus,
  type ZWorkflowListQuery,
} from '@esigns/contracts/workflows';
import { escapeLike, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { findPeople } from '../auth';
import { workflowData, workflows, workflowVersions } from './schema';

/*
 * Reading definitions: one of the company's (404 for an unknown or another company's id), the
 * paged list with a status tab and a search, and the version an instance is created from.
 */

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowVersionRow = typeof workflowVersions.$inferSelect;
/** A definition with its current version's steps and timing. */
export type LoadedWorkflow = { workflow: WorkflowRow; version: WorkflowVersionRow };
type Reader = Pick<Db, 'select'>;
type ListQuery = z.output<typeof ZWorkflowListQuery>;

/** Instances of a definition: all of them, and those not final (DRAFT or IN_PROGRESS). */
type InstanceCounts = { total: number; running: number };

/**
 * The company's definition `id` (any status), or 404. `lock` locks the row: `update` to change it,
 * `share` to create instances of its current version (a change waits until they are in).
 */
export async function findWorkflow(
  db: Reader,
  companyId: string,
  id: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<WorkflowRow> {
  if (!isUuid(id)) throw notFound('Workflow');
  const query = db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), eq(workflows.companyId, companyId)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw notFound('Workflow');
  return row;
}

/** The current version of a definition row. */
export async function currentVersionOf(db: Reader, workflow: WorkflowRow): Promise<WorkflowVersionRow> {
  const [row] = await db
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, workflow.id), eq(workflowVersions.version, workflow.version)))
    .limit(1);
  if (!row) throw new Error(`Workflow ${workflow.id} has no version ${workflow.version}`);
  return row;
}

/**
 * The company's definition `id` with its current version, or 404. Inside the transaction that
 * creates instances, pass `{ lock: 'share' }`: a concurrent PUT then sees them and makes a new version.
 */
export async function loadWorkflow(
  db: Reader,
  companyId: string,
  id: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<LoadedWorkflow> {
  const workflow = await findWorkflow(db, companyId, id, options);
  return { workflow, version: await currentVersionOf(db, workflow) };
}

/** A version by id (an instance's frozen one), of the company, or 404. */
export async function findWorkflowVersion(
  db: Reader,
  companyId: string,
  id: string,
): Promise<WorkflowVersionRow> {
  if (!isUuid(id)) throw notFound('Workflow version');
  const [row] = await db
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.id, id), eq(workflowVersions.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Workflow version');
  return row;
}

/** How many instances each definition has, and how many are not final. */
export async function instanceCountsOf(
  db: Reader,
  ids: readonly string[],
): Promise<Map<string, InstanceCounts>> {
  const result = new Map<string, InstanceCounts>(ids.map((id) => [id, { total: 0, running: 0 }]));
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      workflowId: workflowData.workflowId,
      total: count(),
      running:
        sql<number>`count(*) filter (where ${workflowData.status} in ('DRAFT', 'IN_PROGRESS'))`.mapWith(
          Number,
        ),
    })
    .from(workflowData)
    .where(inArray(workflowData.workflowId, [...ids]))
    .groupBy(workflowData.workflowId);
  for (const row of rows)
    if (row.workflowId) result.set(row.workflowId, { total: row.total, running: row.running });
  return result;
}

/** A definition as answered. */
export function toWorkflow(
  { workflow, version }: LoadedWorkflow,
  creator: { _id: string; name: string } | null,
  counts: InstanceCounts,
): TWorkflow {
  return {
    _id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    status: workflow.status,
    contact_type_id: workflow.contactTypeId,
    version: workflow.version,
    steps: version.steps,
    timing: version.timing,
    created_by: creator,
    created_at: workflow.createdAt.toISOString(),
    updated_at: workflow.updatedAt.toISOString(),
    instances_count: counts.total,
    running_count: counts.running,
  };
}

/** A person's shown name: first and last name, else the email. */
export const nameOf = (p: { firstName: string; lastName: string; email: string }): string =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

/** Definitions as answered, with creators' names and instance counts (two queries for all). */
export async function presentWorkflows(db: Reader, loaded: readonly LoadedWorkflow[]): Promise<TWorkflow[]> {
  const [people, counts] = await Promise.all([
    findPeople(
      db,
      loaded.map((l) => l.workflow.createdBy),
    ),
    instanceCountsOf(
      db,
      loaded.map((l) => l.workflow.id),
    ),
  ]);
  return loaded.map((l) => {
    const person = l.workflow.createdBy ? people.get(l.workflow.createdBy) : undefined;
    const creator = person ? { _id: l.workflow.createdBy!, name: nameOf(person) } : null;
    return toWorkflow(l, creator, counts.get(l.workflow.id) ?? { total: 0, running: 0 });
  });
}

export async function presentWorkflow(db: Reader, loaded: LoadedWorkflow): Promise<TWorkflow> {
  const [one] = await presentWorkflows(db, [loaded]);
  return one!;
}

const searchOf = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const like = `%${escapeLike(search)}%`;
  return sql`(${workflows.name} ilike ${like} or ${workflows.description} ilike ${like})`;
};

/** `GET /workflows`: the company's definitions, newest change first. */
export async function listWorkflows(
  db: Reader,
  companyId: string,
  query: ListQuery,
): Promise<{ rows: TWorkflow[]; total: number }> {
  const where = and(
    eq(workflows.companyId, companyId),
    query.status ? eq(workflows.status, query.status) : undefined,
    searchOf(query.search),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ workflow: workflows, version: workflowVersions })
      .from(workflows)
      .innerJoin(
        workflowVersions,
        and(eq(workflowVersions.workflowId, workflows.id), eq(workflowVersions.version, workflows.version)),
      )
      .where(where)
      .orderBy(desc(workflows.updatedAt), desc(workflows.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(workflows).where(where),
  ]);
  return { rows: await presentWorkflows(db, rows), total: totals?.total ?? 0 };
}

/** Every status of `statuses` with its count (0 when none). */
export function countsByStatus<S extends string>(
  statuses: readonly S[],
  rows: readonly { status: S; n: number }[],
): Record<S, number> {
  const result = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const row of rows) result[row.status] = row.n;
  return result;
}

/** Definitions of the company per status (matching `search`). */
export async function workflowCounts(
  db: Reader,
  companyId: string,
  search: string | undefined,
): Promise<Record<TWorkflowStatus, number>> {
  const rows = await db
    .select({ status: workflows.status, n: count() })
    .from(workflows)
    .where(and(eq(workflows.companyId, companyId), searchOf(search)))
    .groupBy(workflows.status);
  return countsByStatus(WORKFLOW_STATUSES, rows);
}

/** A definition's instances per status. */
export async function instanceCountsByStatus(
  db: Reader,
  companyId: string,
  workflowId: string,
): Promise<Record<TWorkflowInstanceStatus, number>> {
  const rows = await db
    .select({ status: workflowData.status, n: count() })
    .from(workflowData)
    .where(and(eq(workflowData.companyId, companyId), eq(workflowData.workflowId, workflowId)))
    .groupBy(workflowData.status);
  return countsByStatus(WORKFLOW_INSTANCE_STATUSES, rows);
}
