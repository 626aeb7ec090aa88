import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '@esigns/contracts/ids';
import {
  WORKFLOW_INSTANCE_STATUSES,
  type TWorkflowCounts,
  type TWorkflowInstance,
  type TWorkflowUser,
  type TWorkflowView,
  type ZWorkflowCountRequest,
  type ZWorkflowInstanceListQuery,
} from '@esigns/contracts/workflows';
import { escapeLike, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { findPeople } from '../auth';
import {
  countsByStatus,
  findWorkflowVersion,
  instanceCountsByStatus,
  loadWorkflow,
  nameOf,
  presentWorkflow,
  workflowCounts,
} from './definitions-read';
import { presentInstances, stepsOfInstances, type WorkflowDataRow } from './presenters';
import { workflowData } from './schema';

/* Reading instances: one, the paged list, counts per status, the people of one, a definition's view. */

type Reader = Pick<Db, 'select'>;
type ListQuery = z.output<typeof ZWorkflowInstanceListQuery>;
type CountQuery = z.output<typeof ZWorkflowCountRequest>;

/** The company's instance `id`, or 404. `lock` locks the row for the caller's transaction. */
export async function findInstance(
  db: Reader,
  companyId: string,
  id: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<WorkflowDataRow> {
  if (!isUuid(id)) throw notFound('Workflow data');
  const query = db
    .select()
    .from(workflowData)
    .where(and(eq(workflowData.id, id), eq(workflowData.companyId, companyId)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw notFound('Workflow data');
  return row;
}

const instanceSearch = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const like = `%${escapeLike(search)}%`;
  return sql`(${workflowData.workflowName} ilike ${like} or ${workflowData.email} ilike ${like} or ${workflowData.name} ilike ${like})`;
};

/** `GET /workflow-data/`: the company's instances, newest first. */
export async function listInstances(
  db: Reader,
  companyId: string,
  query: ListQuery,
): Promise<{ rows: TWorkflowInstance[]; total: number }> {
  const where = and(
    eq(workflowData.companyId, companyId),
    query.status ? eq(workflowData.status, query.status) : undefined,
    query.workflow_id ? eq(workflowData.workflowId, query.workflow_id) : undefined,
    query.contact_id ? eq(workflowData.contactId, query.contact_id) : undefined,
    instanceSearch(query.search),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(workflowData)
      .where(where)
      .orderBy(desc(workflowData.createdAt), desc(workflowData.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(workflowData).where(where),
  ]);
  return { rows: await presentInstances(db, rows), total: totals?.total ?? 0 };
}

/** `POST /workflow/count`: definitions per status (by name) and instances per status. */
export async function countWorkflows(
  db: Reader,
  companyId: string,
  body: CountQuery,
): Promise<TWorkflowCounts> {
  const [workflows, instanceRows] = await Promise.all([
    workflowCounts(db, companyId, body.search),
    db
      .select({ status: workflowData.status, n: count() })
      .from(workflowData)
      .where(
        and(
          eq(workflowData.companyId, companyId),
          body.workflow_id ? eq(workflowData.workflowId, body.workflow_id) : undefined,
          instanceSearch(body.search),
        ),
      )
      .groupBy(workflowData.status),
  ]);
  return { workflows, instances: countsByStatus(WORKFLOW_INSTANCE_STATUSES, instanceRows) };
}

/** `GET /view-workflow/{id}`: the definition, its instances per status and the 10 newest. */
export async function viewWorkflow(db: Reader, companyId: string, id: string): Promise<TWorkflowView> {
  const loaded = await loadWorkflow(db, companyId, id);
  const [workflow, instances, latest] = await Promise.all([
    presentWorkflow(db, loaded),
    instanceCountsByStatus(db, companyId, id),
    listInstances(db, companyId, { workflow_id: id, page: 1, limit: 10 }),
  ]);
  return { workflow, instances, latest: latest.rows };
}

type Person = Omit<TWorkflowUser, 'steps'> & { key: string; steps: TWorkflowUser['steps'] };

/**
 * `POST /workflow/users`: the people of an instance, the primary person first (every step), then
 * each company user and fixed email its version's template steps name, with the steps they are on.
 */
export async function workflowUsers(
  db: Reader,
  companyId: string,
  workflowDataId: string,
): Promise<TWorkflowUser[]> {
  const instance = await findInstance(db, companyId, workflowDataId);
  const [version, steps] = await Promise.all([
    findWorkflowVersion(db, companyId, instance.versionId),
    stepsOfInstances(db, [instance.id]),
  ]);
  const stateOf = new Map((steps.get(instance.id) ?? []).map((s) => [s.stepId, s]));
  const stepOf = (stepId: string, name: string) => ({
    step_id: stepId,
    name,
    status: stateOf.get(stepId)?.status ?? ('WAITING' as const),
  });
  const primary: Person = {
    key: 'PRIMARY',
    role: 'PRIMARY',
    contact_id: instance.contactId,
    email: instance.email ?? '',
    name: instance.name,
    steps: version.steps.map((s) => stepOf(s.id, s.name)),
  };
  const userIds = version.steps.flatMap((s) =>
    s.recipients.flatMap((r) => (r.source === 'USER' ? [r.user_id] : [])),
  );
  const people = await findPeople(db, userIds);
  const others = new Map<string, Person>();
  for (const step of version.steps) {
    for (const recipient of step.recipients) {
      if (recipient.source === 'PRIMARY') continue;
      const key = recipient.source === 'USER' ? `USER:${recipient.user_id}` : `EMAIL:${recipient.email}`;
      let person = others.get(key);
      if (!person) {
        const account = recipient.source === 'USER' ? people.get(recipient.user_id) : undefined;
        person =
          recipient.source === 'USER'
            ? {
                key,
                role: 'USER',
                contact_id: null,
                email: account?.email ?? '',
                name: account ? nameOf(account) : '',
                steps: [],
              }
            : {
                key,
                role: 'EMAIL',
                contact_id: null,
                email: recipient.email,
                name: `${recipient.first_name} ${recipient.last_name}`.trim() || recipient.email,
                steps: [],
              };
        others.set(key, person);
      }
      if (!person.steps.some((s) => s.step_id === step.id)) person.steps.push(stepOf(step.id, step.name));
    }
  }
  return [primary, ...others.values()].map(({ key: _key, ...user }) => user);
}
