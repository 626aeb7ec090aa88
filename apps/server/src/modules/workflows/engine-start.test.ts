import { and, arrayOverlaps, eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { AppError } from '../../platform/http/app-error';
import { emailLogs } from '../../platform/mail/schema';
import { documentRequests, employeeDocuments } from '../documents/schema';
import { createDocument, saveLayout, signatureField, signer } from '../documents/test-helpers';
import { settleJobs } from '../notifications/test-helpers';
import { runStartChunk, startChunkSize, type TWorkflowStartJob } from './jobs';
import { workflowBatches, workflowData, workflowDataEvents, workflowDataSteps } from './schema';
import { seedContact, workflowTestClient } from './workflows-test-utils';

/*
 * A send's start chunks (`workflows.start`, 50 instances in one transaction): 120 contacts started
 * through the queue, each packet once with its first stage live; a chunk that dies inside its
 * transaction (as kill -9 would) leaves nothing, and its rerun starts each packet once; a rerun
 * after the commit adds nothing; one instance refused does not hold the others back.
 */

let t: TestApp;
let acme: SeededCompany;
let w: ReturnType<typeof workflowTestClient>;
let workflow: TWorkflow;

beforeAll(async () => {
  t = await buildTestApp();
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  const doc = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true, name: 'Lease' });
  await saveLayout(t, acme.users.OWNER, doc, {
    fields: [signatureField('sig', 'tenant')],
    document_users: [signer('tenant', 'placeholder@example.com')],
  });
  workflow = await w.createWorkflow(acme.users.OWNER, {
    name: 'Tenancy packet',
    steps: [
      { id: 's1', kind: 'custom', name: 'Lease', template_id: doc._id, stage: 1 },
      { id: 's2', kind: 'requested', name: 'ID proof', card_type: 'PAN card', stage: 1 },
      { id: 's3', kind: 'requested', name: 'Salary slip', card_type: 'Salary slip', stage: 2 },
    ],
  });
  const activated = await w.call('POST', `/workflow/${workflow._id}/status`, acme.users.OWNER, {
    status: 'ACTIVE',
  });
  expect(activated.statusCode, activated.body).toBe(200);
}, 300_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

const owner = () => acme.users.OWNER;
const db = () => t.platform.database.db;

/** A DRAFT batch of `n` new contacts: its instances' ids (in order) and batch id. */
async function draftBatch(n: number, prefix: string): Promise<{ ids: string[]; batchId: string }> {
  const contacts: string[] = [];
  for (let i = 0; i < n; i++) contacts.push(await seedContact(t, acme.companyId, `${prefix}${i}`));
  const draft = await w.call('POST', `/create-workflow-data/${workflow._id}`, owner(), {
    contact_id: contacts[0],
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const added = await w.call('POST', '/addWorkflow-contacts', owner(), {
    workflow_data_id: draft.json().data._id,
    contact_ids: contacts,
  });
  expect(added.statusCode, added.body).toBe(200);
  const ids: string[] = added.json().data.map((i: { _id: string }) => i._id);
  expect(ids).toHaveLength(n);
  const [row] = await db()
    .select({ batchId: workflowData.batchId })
    .from(workflowData)
    .where(eq(workflowData.id, ids[0]!));
  return { ids, batchId: row!.batchId! };
}

/**
 * What the instances hold: status, the first stage's steps (DUE with their objects), documents
 * and requests per instance (by `send_key` / object), mails per primary address, events.
 */
async function packets(ids: string[]) {
  const instances = await db().select().from(workflowData).where(inArray(workflowData.id, ids));
  const steps = await db()
    .select()
    .from(workflowDataSteps)
    .where(inArray(workflowDataSteps.workflowDataId, ids));
  const docs = await db()
    .select({
      sendKey: employeeDocuments.sendKey,
      id: employeeDocuments.id,
      status: employeeDocuments.status,
    })
    .from(employeeDocuments)
    .where(like(employeeDocuments.sendKey, 'workflow:%'));
  const requests = await db()
    .select({
      id: documentRequests.id,
      contactId: documentRequests.contactId,
      status: documentRequests.status,
    })
    .from(documentRequests)
    .where(
      inArray(
        documentRequests.contactId,
        instances.map((i) => i.contactId!),
      ),
    );
  const mails = await db()
    .select({ to: emailLogs.to, kind: emailLogs.kind })
    .from(emailLogs)
    .where(
      arrayOverlaps(
        emailLogs.to,
        instances.map((i) => i.email!),
      ),
    );
  const events = await db()
    .select({ id: workflowDataEvents.workflowDataId, event: workflowDataEvents.event })
    .from(workflowDataEvents)
    .where(inArray(workflowDataEvents.workflowDataId, ids));
  return { instances, steps, docs, requests, mails, events };
}

/** Every instance started exactly once: one document, one request, two mails, one `sent`, stage 1 DUE. */
async function expectStartedOnce(ids: string[]) {
  const p = await packets(ids);
  expect(p.instances.map((i) => i.status)).toEqual(ids.map(() => 'IN_PROGRESS'));
  for (const instance of p.instances) {
    const own = p.steps.filter((s) => s.workflowDataId === instance.id);
    const s1 = own.find((s) => s.stepId === 's1')!;
    const s2 = own.find((s) => s.stepId === 's2')!;
    const s3 = own.find((s) => s.stepId === 's3')!;
    expect([s1.status, s2.status, s3.status]).toEqual(['DUE', 'DUE', 'WAITING']);
    const docs = p.docs.filter((d) => d.sendKey === `workflow:${instance.id}:s1`);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ id: s1.objectId, status: 'WAITING' });
    const requests = p.requests.filter((r) => r.contactId === instance.contactId);
    expect(requests).toEqual([{ id: s2.objectId, contactId: instance.contactId, status: 'REQUESTED' }]);
    const mails = p.mails.filter((m) => m.to.includes(instance.email!)).map((m) => m.kind);
    expect(mails.sort()).toEqual(['document.requested', 'document.sent']);
    const events = p.events.filter((e) => e.id === instance.id).map((e) => e.event);
    expect(events.filter((e) => e === 'sent')).toHaveLength(1);
    expect(events.filter((e) => e === 'step_due')).toHaveLength(2);
    expect(instance.expiresAt).not.toBeNull();
  }
  return p;
}

describe('a start of 120 contacts', () => {
  it('starts every packet once, in chunks (run by the queue and again here), with its first stage live', async () => {
    const { ids, batchId } = await draftBatch(120, 'Q');
    const res = await w.call('POST', '/documents/send-workflow', owner(), {
      workflow_data_id: ids[0],
      whole_batch: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ batch_id: batchId, total: 120 });
    // The chunks the send queued, run here too (at the same time as the queue's workers, on a
    // loaded machine faster than waiting for them): each packet still starts once.
    const { rows } = await t.platform.database.raw(
      `select data from pgboss.job where name = 'workflows.start' and data->>'batch_id' = $1`,
      [batchId],
    );
    const chunks = rows.map((r) => (r as { data: TWorkflowStartJob }).data);
    expect(chunks).toHaveLength(Math.ceil(120 / startChunkSize(t.platform)));
    expect(chunks.flatMap((c) => c.ids).sort()).toEqual([...ids].sort());
    await Promise.all(chunks.map((chunk) => runStartChunk(t.platform, chunk)));
    await expectStartedOnce(ids);
    const [batch] = await db().select().from(workflowBatches).where(eq(workflowBatches.id, batchId));
    expect(batch).toMatchObject({ status: 'DONE', total: 120, sent: 120, failed: 0 });
  }, 600_000);
});

describe('a chunk run again', () => {
  it('leaves nothing when it dies inside its transaction, and its rerun starts each packet once', async () => {
    const { ids, batchId } = await draftBatch(50, 'K');
    const [victim] = await db().select().from(workflowData).where(eq(workflowData.id, ids[30]!));
    const queue = t.platform.mail.queue.bind(t.platform.mail);
    // The process dies half-way through the chunk's writes (a plain error: the job is retried).
    vi.spyOn(t.platform.mail, 'queue').mockImplementation(async (message, options) => {
      if ([message.to].flat().includes(victim!.email!)) throw new Error('killed');
      return queue(message, options);
    });
    await expect(runStartChunk(t.platform, { batch_id: batchId, ids, actor: 'Owner' })).rejects.toThrow(
      'killed',
    );
    const left = await packets(ids);
    expect(left.instances.every((i) => i.status === 'DRAFT')).toBe(true);
    expect(left.docs.filter((d) => ids.some((id) => d.sendKey?.startsWith(`workflow:${id}:`)))).toEqual([]);
    expect([left.requests, left.mails]).toEqual([[], []]);
    expect(left.steps.every((s) => s.status === 'WAITING' && s.objectId === null)).toBe(true);

    vi.restoreAllMocks();
    await runStartChunk(t.platform, { batch_id: batchId, ids, actor: 'Owner' });
    const first = await expectStartedOnce(ids);
    // The commit happened but the job's end was lost: the rerun adds nothing.
    await runStartChunk(t.platform, { batch_id: batchId, ids, actor: 'Owner' });
    const again = await expectStartedOnce(ids);
    expect([again.docs.length, again.requests.length, again.mails.length, again.events.length]).toEqual([
      first.docs.length,
      first.requests.length,
      first.mails.length,
      first.events.length,
    ]);
    const [batch] = await db().select().from(workflowBatches).where(eq(workflowBatches.id, batchId));
    expect(batch).toMatchObject({ sent: 50, failed: 0, status: 'DONE' });
  }, 600_000);
});

describe('refused instances', () => {
  it('logs start_failed for one without a contact and starts the others of the chunk', async () => {
    const { ids, batchId } = await draftBatch(3, 'N');
    const orphan = await w.call('POST', `/create-workflow-data/${workflow._id}`, owner(), {});
    expect(orphan.statusCode, orphan.body).toBe(200);
    const orphanId: string = orphan.json().data._id;
    await runStartChunk(t.platform, { batch_id: batchId, ids: [...ids, orphanId], actor: 'Owner' });
    await expectStartedOnce(ids);
    const [row] = await db().select().from(workflowData).where(eq(workflowData.id, orphanId));
    expect(row!.status).toBe('DRAFT');
    const failed = await db()
      .select({ details: workflowDataEvents.details })
      .from(workflowDataEvents)
      .where(
        and(eq(workflowDataEvents.workflowDataId, orphanId), eq(workflowDataEvents.event, 'start_failed')),
      );
    expect(failed).toEqual([{ details: { message: 'Choose the contact of this workflow instance first' } }]);
  }, 300_000);

  it('starts the others one by one when one is refused inside the chunk transaction', async () => {
    const { ids, batchId } = await draftBatch(4, 'R');
    const [refused] = await db().select().from(workflowData).where(eq(workflowData.id, ids[2]!));
    const queue = t.platform.mail.queue.bind(t.platform.mail);
    vi.spyOn(t.platform.mail, 'queue').mockImplementation(async (message, options) => {
      if ([message.to].flat().includes(refused!.email!))
        throw new AppError('CONFLICT', { message: 'This address refuses mail' });
      return queue(message, options);
    });
    await runStartChunk(t.platform, { batch_id: batchId, ids, actor: 'Owner' });
    vi.restoreAllMocks();
    const others = ids.filter((id) => id !== refused!.id);
    await expectStartedOnce(others);
    const left = await packets([refused!.id]);
    expect(left.instances[0]!.status).toBe('DRAFT');
    expect([
      left.docs.filter((d) => d.sendKey?.startsWith(`workflow:${refused!.id}:`)),
      left.requests,
      left.mails,
    ]).toEqual([[], [], []]);
    expect(left.events.map((e) => e.event)).toContain('start_failed');
    const [batch] = await db().select().from(workflowBatches).where(eq(workflowBatches.id, batchId));
    expect(batch).toMatchObject({ sent: 3, failed: 1, status: 'DONE' });
  }, 300_000);
});
