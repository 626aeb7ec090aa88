import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TWorkflowInstanceDetail,
  TWorkflowSendProgress,
  ZAddWorkflowContacts,
  ZWorkflowDataUpdate,
} from '@esigns/contracts/workflows';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { contactDirectory } from '../contacts';
import type { AccessContext } from '../permissions';
import { loadWorkflow } from './definitions-read';
import { endInstance, lockForEnd } from './engine-end';
import { lockInstance } from './engine';
import { appendWorkflowEvents, createDraftInstances } from './instances-store';
import { WORKFLOW_START_JOB, draftIdsOf, startChunkSize, type TWorkflowStartJob } from './jobs';
import { presentInstanceDetail, presentInstances } from './presenters';
import { findInstance } from './reads-instances';
import { workflowBatches, workflowData } from './schema';

/*
 * Staff's side of running workflows: a DRAFT instance of the current version, its contacts (more
 * contacts make more DRAFTs in one batch), changing a DRAFT or voiding a running instance, and the
 * send (durable jobs of 50 instances, 10 on PGlite: `startChunkSize`).
 */

type Contact = { id: string; email: string; name: string; contactTypeId: string | null };

async function contactsOf(platform: Platform, companyId: string, ids: readonly string[]): Promise<Contact[]> {
  if (ids.length === 0) return [];
  const rows = await platform.database.db
    .select({
      id: contactDirectory.id,
      email: contactDirectory.email,
      firstName: contactDirectory.firstName,
      lastName: contactDirectory.lastName,
      contactTypeId: contactDirectory.contactTypeId,
    })
    .from(contactDirectory)
    .where(and(eq(contactDirectory.companyId, companyId), inArray(contactDirectory.id, [...ids])));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    contactTypeId: r.contactTypeId,
  }));
}

/** The contacts by id, in order, all of the company (else 404) and of `typeId` when set (else 422 naming them). */
async function checkedContacts(
  platform: Platform,
  companyId: string,
  ids: readonly string[],
  typeId: string | null,
  field: string,
): Promise<Contact[]> {
  const unique = [...new Set(ids)];
  const found = new Map((await contactsOf(platform, companyId, unique)).map((c) => [c.id, c]));
  if (unique.some((id) => !found.has(id))) throw notFound('Contact');
  const wrong = unique.filter((id) => typeId && found.get(id)!.contactTypeId !== typeId);
  if (wrong.length > 0) {
    const names = wrong.slice(0, 5).map((id) => found.get(id)!.email);
    throw validationError(
      [
        {
          key: field,
          path: [field],
          message: `Not of the workflow's contact type: ${names.join(', ')}${wrong.length > 5 ? '…' : ''}`,
        },
      ],
      "Some contacts are not of the workflow's contact type",
    );
  }
  return unique.map((id) => found.get(id)!);
}

const ACTIVE_ONLY = () => new AppError('CONFLICT', { message: 'Only an ACTIVE workflow can be started' });

/** `POST /create-workflow-data/{workflow_id}`: a DRAFT of the current version (ACTIVE definitions only). */
export async function createWorkflowData(
  platform: Platform,
  access: AccessContext,
  workflowId: string,
  contactId: string | null,
): Promise<TWorkflowInstanceDetail> {
  const db = platform.database.db;
  const peek = await loadWorkflow(db, access.companyId, workflowId);
  if (peek.workflow.status !== 'ACTIVE') throw ACTIVE_ONLY();
  const [contact] = contactId
    ? await checkedContacts(
        platform,
        access.companyId,
        [contactId],
        peek.workflow.contactTypeId,
        'contact_id',
      )
    : [];
  const [id] = await db.transaction(async (tx) => {
    const loaded = await loadWorkflow(tx, access.companyId, workflowId, { lock: 'share' });
    if (loaded.workflow.status !== 'ACTIVE') throw ACTIVE_ONLY();
    return createDraftInstances(tx, {
      companyId: access.companyId,
      loaded,
      people: [{ contactId: contact?.id ?? null, email: contact?.email ?? null, name: contact?.name ?? '' }],
      createdBy: access.userId,
      actor: access.userId,
    });
  });
  return presentInstanceDetail(db, await findInstance(db, access.companyId, id!));
}

/**
 * `POST addWorkflow-contacts`: the DRAFT gets the first contact; each further contact gets a DRAFT
 * of the same version in the draft's batch (made when it has none). Answers every instance of the batch.
 */
export async function addWorkflowContacts(
  platform: Platform,
  access: AccessContext,
  input: z.output<typeof ZAddWorkflowContacts>,
) {
  const db = platform.database.db;
  const draft = await findInstance(db, access.companyId, input.workflow_data_id);
  if (draft.status !== 'DRAFT')
    throw new AppError('CONFLICT', { message: 'Only a DRAFT instance takes contacts' });
  const loadedPeek = draft.workflowId ? await loadWorkflow(db, access.companyId, draft.workflowId) : null;
  if (!loadedPeek || loadedPeek.workflow.status !== 'ACTIVE') throw ACTIVE_ONLY();
  const people = await checkedContacts(
    platform,
    access.companyId,
    input.contact_ids,
    loadedPeek.workflow.contactTypeId,
    'contact_ids',
  );
  const batchId = await db.transaction(async (tx) => {
    const locked = await lockInstance(tx, draft.id);
    if (!locked || locked.status !== 'DRAFT')
      throw new AppError('CONFLICT', { message: 'Only a DRAFT instance takes contacts' });
    let batch = locked.batchId;
    if (!batch) {
      const [row] = await tx
        .insert(workflowBatches)
        .values({
          companyId: access.companyId,
          workflowId: locked.workflowId,
          total: 1,
          createdBy: access.userId,
        })
        .returning({ id: workflowBatches.id });
      batch = row!.id;
    }
    const [first, ...rest] = people;
    await tx
      .update(workflowData)
      .set({
        contactId: first!.id,
        email: first!.email,
        name: first!.name,
        batchId: batch,
        updatedAt: new Date(),
      })
      .where(eq(workflowData.id, locked.id));
    await appendWorkflowEvents(tx, [
      {
        workflowDataId: locked.id,
        event: 'contact_set',
        actor: access.userId,
        details: { contact_id: first!.id },
      },
    ]);
    if (rest.length > 0) {
      const loaded = await loadWorkflow(tx, access.companyId, locked.workflowId!, { lock: 'share' });
      const sameVersion = loaded.version.id === locked.versionId ? loaded : null;
      if (!sameVersion)
        throw new AppError('CONFLICT', {
          message: 'The workflow changed since this draft was made: start a new draft',
        });
      await createDraftInstances(tx, {
        companyId: access.companyId,
        loaded,
        people: rest.map((c) => ({ contactId: c.id, email: c.email, name: c.name })),
        batchId: batch,
        createdBy: access.userId,
        timing: locked.timing,
        actor: access.userId,
      });
    }
    const all = await tx
      .select({ id: workflowData.id })
      .from(workflowData)
      .where(eq(workflowData.batchId, batch));
    await tx
      .update(workflowBatches)
      .set({ total: all.length, updatedAt: new Date() })
      .where(eq(workflowBatches.id, batch));
    return batch;
  });
  const rows = await db
    .select()
    .from(workflowData)
    .where(and(eq(workflowData.companyId, access.companyId), eq(workflowData.batchId, batchId)))
    .orderBy(workflowData.createdAt, workflowData.id);
  return presentInstances(db, rows);
}

/**
 * `PUT /workflow-data/{id}`: a DRAFT's contact or timing; `status: VOIDED` ends a DRAFT or running
 * instance (its open documents voided, its due steps VOIDED). Final instances: 409.
 */
export async function updateWorkflowData(
  platform: Platform,
  access: AccessContext,
  id: string,
  input: z.output<typeof ZWorkflowDataUpdate>,
): Promise<TWorkflowInstanceDetail> {
  const db = platform.database.db;
  const current = await findInstance(db, access.companyId, id);
  const contact =
    input.contact_id !== undefined
      ? (
          await checkedContacts(
            platform,
            access.companyId,
            [input.contact_id],
            current.workflowId
              ? (await loadWorkflow(db, access.companyId, current.workflowId)).workflow.contactTypeId
              : null,
            'contact_id',
          )
        )[0]
      : undefined;
  await db.transaction(async (tx) => {
    // A void locks the open documents before the instance (the signers' order): see `lockForEnd`.
    const locked = await (input.status === 'VOIDED'
      ? lockForEnd(tx, current.id)
      : lockInstance(tx, current.id));
    if (!locked) throw notFound('Workflow data');
    if (input.status === 'VOIDED') {
      if (locked.status !== 'DRAFT' && locked.status !== 'IN_PROGRESS') {
        throw new AppError('CONFLICT', { message: `This instance is ${locked.status}: it cannot be voided` });
      }
      await endInstance(platform, tx, locked.id, 'VOIDED', { reason: input.reason, actor: access.userId });
      return;
    }
    if (locked.status !== 'DRAFT') {
      throw new AppError('CONFLICT', { message: 'Only a DRAFT instance can change its contact or timing' });
    }
    await tx
      .update(workflowData)
      .set({
        ...(contact ? { contactId: contact.id, email: contact.email, name: contact.name } : {}),
        ...(input.timing ? { timing: input.timing } : {}),
        updatedAt: new Date(),
      })
      .where(eq(workflowData.id, locked.id));
    await appendWorkflowEvents(tx, [
      {
        workflowDataId: locked.id,
        event: 'draft_changed',
        actor: access.userId,
        details: { contact_id: contact?.id ?? null, timing: input.timing ?? null },
      },
    ]);
  });
  platform.jobs.wake('mail.send');
  return presentInstanceDetail(db, await findInstance(db, access.companyId, id));
}

/**
 * `POST /documents/send-workflow`: queues the start of the DRAFT (or its whole batch) as durable
 * jobs of 50 instances each (10 on PGlite: `startChunkSize`), in one transaction with the batch's
 * QUEUED state. Answers the progress.
 */
export async function sendWorkflow(
  platform: Platform,
  access: AccessContext,
  input: { workflow_data_id: string; whole_batch: boolean },
): Promise<TWorkflowSendProgress> {
  const db = platform.database.db;
  const instance = await findInstance(db, access.companyId, input.workflow_data_id);
  if (instance.status !== 'DRAFT')
    throw new AppError('CONFLICT', { message: 'This instance was already sent' });
  if (!instance.contactId)
    throw validationError(
      [{ key: 'workflow_data_id', path: ['workflow_data_id'], message: 'Choose its contact first' }],
      'Choose its contact first',
    );
  const workflow = instance.workflowId ? await loadWorkflow(db, access.companyId, instance.workflowId) : null;
  if (!workflow || workflow.workflow.status !== 'ACTIVE') throw ACTIVE_ONLY();
  const batchId = input.whole_batch ? instance.batchId : null;
  const ids = batchId ? await draftIdsOf(platform, access.companyId, batchId) : [instance.id];
  await db.transaction(async (tx) => {
    if (batchId) {
      await tx
        .update(workflowBatches)
        .set({ status: 'QUEUED', updatedAt: new Date() })
        .where(eq(workflowBatches.id, batchId));
    }
    const chunk = startChunkSize(platform);
    for (let i = 0; i < ids.length; i += chunk) {
      await platform.jobs.send<TWorkflowStartJob>(
        WORKFLOW_START_JOB,
        { batch_id: batchId, ids: ids.slice(i, i + chunk), actor: access.userId },
        { tx },
      );
    }
  });
  platform.jobs.wake(WORKFLOW_START_JOB);
  return sendProgress(platform, access.companyId, batchId, ids.length);
}

export async function sendProgress(
  platform: Platform,
  companyId: string,
  batchId: string | null,
  total: number,
): Promise<TWorkflowSendProgress> {
  if (!batchId) return { batch_id: null, total, sent: 0, failed: 0, status: 'QUEUED' };
  const [batch] = await platform.database.db
    .select()
    .from(workflowBatches)
    .where(and(eq(workflowBatches.id, batchId), eq(workflowBatches.companyId, companyId)));
  if (!batch) throw notFound('Workflow batch');
  return {
    batch_id: batch.id,
    total: batch.total,
    sent: batch.sent,
    failed: batch.failed,
    status: batch.status === 'DRAFT' ? 'QUEUED' : batch.status,
  };
}
