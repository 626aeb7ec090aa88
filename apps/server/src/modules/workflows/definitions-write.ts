import { and, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TWorkflow, ZWorkflowStatusRequest, ZWorkflowWrite } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import { assertDefinition, definitionProblems } from './definitions-check';
import { currentVersionOf, findWorkflow, presentWorkflow, type WorkflowRow } from './definitions-read';
import { workflowData, workflows, workflowVersions } from './schema';

/*
 * Creating and changing definitions. A change keeps the current version while no instance uses it;
 * once one does, the change is a new version (n+1) and instances keep theirs. Status: DRAFT ->
 * ACTIVE <-> INACTIVE; DeleteWorkflow archives; an ARCHIVED definition with nothing running can be
 * deleted for good.
 */

type WriteBody = z.output<typeof ZWorkflowWrite>;
type StatusBody = z.output<typeof ZWorkflowStatusRequest>;

const conflict = (message: string) => new AppError('CONFLICT', { message });

/** `POST /create-workflow`: a DRAFT definition, version 1. */
export async function createWorkflow(db: Db, access: AccessContext, body: WriteBody): Promise<TWorkflow> {
  await assertDefinition(db, access.companyId, body);
  const loaded = await db.transaction(async (tx) => {
    const [workflow] = await tx
      .insert(workflows)
      .values({
        companyId: access.companyId,
        name: body.name,
        description: body.description,
        contactTypeId: body.contact_type_id,
        createdBy: access.userId,
        updatedBy: access.userId,
      })
      .returning();
    const [version] = await tx
      .insert(workflowVersions)
      .values({
        companyId: access.companyId,
        workflowId: workflow!.id,
        version: 1,
        steps: body.steps,
        timing: body.timing,
        createdBy: access.userId,
      })
      .returning();
    return { workflow: workflow!, version: version! };
  });
  return presentWorkflow(db, loaded);
}

/** `PUT /workflow/{id}`: the whole definition; a new version when an instance uses the current one. */
export async function updateWorkflow(
  db: Db,
  access: AccessContext,
  id: string,
  body: WriteBody,
): Promise<TWorkflow> {
  const existing = await findWorkflow(db, access.companyId, id);
  if (existing.status === 'ARCHIVED') throw conflict('An archived workflow cannot be changed');
  if (existing.status === 'ACTIVE' && body.steps.length === 0) {
    throw validationError([
      { key: 'steps', message: 'An active workflow needs at least one step', path: ['steps'] },
    ]);
  }
  await assertDefinition(db, access.companyId, body);
  const loaded = await db.transaction(async (tx) => {
    const workflow = await findWorkflow(tx, access.companyId, id, { lock: 'update' });
    if (workflow.status === 'ARCHIVED') throw conflict('An archived workflow cannot be changed');
    const current = await currentVersionOf(tx, workflow);
    // Instances are created with the definition locked FOR SHARE (`loadWorkflow`), so none can
    // start on the current version between this look and the change.
    const [used] = await tx
      .select({ id: workflowData.id })
      .from(workflowData)
      .where(eq(workflowData.versionId, current.id))
      .limit(1);
    const version = used
      ? await tx
          .insert(workflowVersions)
          .values({
            companyId: access.companyId,
            workflowId: workflow.id,
            version: workflow.version + 1,
            steps: body.steps,
            timing: body.timing,
            createdBy: access.userId,
          })
          .returning()
      : await tx
          .update(workflowVersions)
          .set({ steps: body.steps, timing: body.timing })
          .where(eq(workflowVersions.id, current.id))
          .returning();
    const [changed] = await tx
      .update(workflows)
      .set({
        name: body.name,
        description: body.description,
        contactTypeId: body.contact_type_id,
        version: version[0]!.version,
        updatedBy: access.userId,
        updatedAt: new Date(),
      })
      .where(eq(workflows.id, workflow.id))
      .returning();
    return { workflow: changed!, version: version[0]! };
  });
  return presentWorkflow(db, loaded);
}

async function assertCanActivate(db: Db, companyId: string, workflow: WorkflowRow): Promise<void> {
  const version = await currentVersionOf(db, workflow);
  if (version.steps.length === 0) {
    throw validationError(
      [{ key: 'steps', message: 'Add at least one step before activating the workflow', path: ['steps'] }],
      'A workflow without steps cannot be activated',
    );
  }
  const problems = await definitionProblems(db, companyId, {
    contact_type_id: workflow.contactTypeId,
    steps: version.steps,
  });
  if (problems.length > 0) {
    throw validationError(problems, `The workflow cannot be activated: ${problems[0]!.message}`);
  }
}

/** `POST /workflow/{id}/status`: ACTIVE (steps there, every reference live) or INACTIVE. */
export async function setWorkflowStatus(
  db: Db,
  access: AccessContext,
  id: string,
  body: StatusBody,
): Promise<TWorkflow> {
  const workflow = await findWorkflow(db, access.companyId, id);
  if (workflow.status === 'ARCHIVED')
    throw conflict('An archived workflow cannot be activated or deactivated');
  if (body.status === 'INACTIVE' && workflow.status === 'DRAFT') {
    throw conflict('A draft workflow is activated before it can be deactivated');
  }
  if (body.status === 'ACTIVE') await assertCanActivate(db, access.companyId, workflow);
  const [changed] = await db
    .update(workflows)
    .set({ status: body.status, updatedBy: access.userId, updatedAt: new Date() })
    .where(and(eq(workflows.id, workflow.id), ne(workflows.status, 'ARCHIVED')))
    .returning();
  if (!changed) throw conflict('An archived workflow cannot be activated or deactivated');
  return presentWorkflow(db, { workflow: changed, version: await currentVersionOf(db, changed) });
}

/** `DELETE /workflow/{id}/DeleteWorkflow`: archive (no new starts; running instances go on). */
export async function archiveWorkflow(db: Db, access: AccessContext, id: string): Promise<TWorkflow> {
  const workflow = await findWorkflow(db, access.companyId, id);
  if (workflow.status === 'ARCHIVED') throw conflict('The workflow is already archived');
  const now = new Date();
  const [changed] = await db
    .update(workflows)
    .set({ status: 'ARCHIVED', archivedAt: now, updatedBy: access.userId, updatedAt: now })
    .where(eq(workflows.id, workflow.id))
    .returning();
  return presentWorkflow(db, { workflow: changed!, version: await currentVersionOf(db, changed!) });
}

/**
 * `DELETE /workflow/{id}/DeleteArchivedStatusWorkflow`: an ARCHIVED definition with no instance in
 * progress, for good. Its DRAFT instances (never sent) go with it; finished instances stay, with
 * their frozen version (its `workflow_id` becomes null); versions no instance uses are removed.
 */
export async function deleteArchivedWorkflow(db: Db, access: AccessContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const workflow = await findWorkflow(tx, access.companyId, id, { lock: 'update' });
    if (workflow.status !== 'ARCHIVED')
      throw conflict('Only an archived workflow can be deleted: archive it first');
    const [running] = await tx
      .select({ id: workflowData.id })
      .from(workflowData)
      .where(and(eq(workflowData.workflowId, workflow.id), eq(workflowData.status, 'IN_PROGRESS')))
      .limit(1);
    if (running)
      throw conflict('The workflow has instances in progress: void them or wait until they finish');
    await tx
      .delete(workflowData)
      .where(and(eq(workflowData.workflowId, workflow.id), eq(workflowData.status, 'DRAFT')));
    const versionIds = tx
      .select({ id: workflowVersions.id })
      .from(workflowVersions)
      .where(eq(workflowVersions.workflowId, workflow.id));
    await tx.delete(workflowVersions).where(
      and(
        inArray(workflowVersions.id, versionIds),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(workflowData)
            .where(eq(workflowData.versionId, workflowVersions.id)),
        ),
      ),
    );
    await tx.delete(workflows).where(eq(workflows.id, workflow.id));
  });
}

/** Versions left by deleted definitions that no instance uses any more. */
export async function removeOrphanVersions(
  db: Pick<Db, 'delete' | 'select'>,
  companyId: string,
): Promise<void> {
  await db.delete(workflowVersions).where(
    and(
      eq(workflowVersions.companyId, companyId),
      isNull(workflowVersions.workflowId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(workflowData)
          .where(eq(workflowData.versionId, workflowVersions.id)),
      ),
    ),
  );
}
