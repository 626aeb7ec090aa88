import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { contactDirectory } from '../contacts';
import { loadWorkflow } from './definitions-read';
import { createDraftInstances } from './instances-store';
import { WORKFLOW_START_JOB, type TWorkflowStartJob } from './jobs';
import { workflows } from './schema';

/*
 * Starting a workflow from another module's transaction (automation pipelines): one instance of
 * the ACTIVE workflow's current version for the company's contact with that email, and its start
 * job, both in the caller's transaction (`tx`): they exist only if it commits. The caller wakes
 * `WORKFLOW_START_JOB` after its commit.
 */

export { WORKFLOW_START_JOB };

export async function startWorkflowFor(
  platform: Platform,
  tx: Db,
  input: { companyId: string; workflowId: string; email: string; actor: string | null },
): Promise<{ id: string }> {
  const loaded = await loadWorkflow(tx, input.companyId, input.workflowId, { lock: 'share' });
  if (loaded.workflow.status !== 'ACTIVE') {
    throw new AppError('CONFLICT', { message: 'Only an ACTIVE workflow can be started' });
  }
  const [contact] = await tx
    .select({
      id: contactDirectory.id,
      email: contactDirectory.email,
      firstName: contactDirectory.firstName,
      lastName: contactDirectory.lastName,
      contactTypeId: contactDirectory.contactTypeId,
    })
    .from(contactDirectory)
    .where(
      and(
        eq(contactDirectory.companyId, input.companyId),
        sql`lower(${contactDirectory.email}) = ${input.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!contact) throw notFound(`Contact ${input.email}`);
  const typeId = loaded.workflow.contactTypeId;
  if (typeId && contact.contactTypeId !== typeId) {
    throw new AppError('VALIDATION_FAILED', {
      message: `${input.email} is not of the workflow's contact type`,
    });
  }
  const [id] = await createDraftInstances(tx, {
    companyId: input.companyId,
    loaded,
    people: [
      {
        contactId: contact.id,
        email: contact.email,
        name: `${contact.firstName} ${contact.lastName}`.trim(),
      },
    ],
    createdBy: input.actor,
    actor: input.actor,
  });
  await platform.jobs.send<TWorkflowStartJob>(
    WORKFLOW_START_JOB,
    { batch_id: null, ids: [id!], actor: input.actor },
    { tx },
  );
  return { id: id! };
}

/** The company's ACTIVE workflows by name (pickers). */
export async function activeWorkflowChoices(db: Db, companyId: string) {
  return db
    .select({ id: workflows.id, name: workflows.name })
    .from(workflows)
    .where(and(eq(workflows.companyId, companyId), eq(workflows.status, 'ACTIVE')))
    .orderBy(asc(workflows.name));
}
