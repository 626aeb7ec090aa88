import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { signAs } from '../document-actions/test-helpers';
import { employeeDocuments } from '../documents/schema';
import { caller, createDocument, saveLayout, signatureField, signer } from '../documents/test-helpers';
import { settleJobs } from '../notifications/test-helpers';
import { eventually, waitForSeal } from '../signing/test-helpers';
import { runStartChunk } from './jobs';
import { workflowData, workflowDataSteps } from './schema';
import { seedContact, workflowTestClient } from './workflows-test-utils';

/*
 * The engine through real calls: a packet sent, its document signed through the signing API and
 * its requests handed in, stage by stage (a condition skipping a step) to COMPLETED; voiding; a
 * batch started once even when its chunk runs twice; another company's ids.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let w: ReturnType<typeof workflowTestClient>;
let workflow: TWorkflow;

beforeAll(async () => {
  t = await buildTestApp();
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
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
      {
        id: 's3',
        kind: 'requested',
        name: 'Unsigned lease note',
        card_type: 'Note',
        stage: 2,
        condition: { match: 'ALL', rules: [{ step_id: 's1', field: 'sig', operator: 'IS_EMPTY' }] },
      },
      { id: 's4', kind: 'requested', name: 'Salary slip', card_type: 'Salary slip', stage: 3 },
    ],
  });
  const activated = await w.call('POST', `/workflow/${workflow._id}/status`, acme.users.OWNER, {
    status: 'ACTIVE',
  });
  expect(activated.statusCode, activated.body).toBe(200);
}, 300_000);
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

const owner = () => acme.users.OWNER;
const patch = (url: string, _who: unknown, payload: object) =>
  caller(t)('PATCH', `/api${url}`, owner(), payload);

async function stepsOf(id: string) {
  const rows = await t.platform.database.db
    .select()
    .from(workflowDataSteps)
    .where(eq(workflowDataSteps.workflowDataId, id))
    .orderBy(workflowDataSteps.position);
  return Object.fromEntries(rows.map((r) => [r.stepId, r]));
}

async function statusOf(id: string) {
  const [row] = await t.platform.database.db.select().from(workflowData).where(eq(workflowData.id, id));
  return row!.status;
}

/** Every workflows job done (the machine may be slow), then every other job. */
async function settle(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await eventually(async () => {
      const { rows } = await t.platform.database.raw(
        `select count(*)::int as n from pgboss.job where name like 'workflows.%' and state in ('created', 'retry', 'active')`,
      );
      return (rows[0] as { n: number }).n === 0;
    }, 'the workflows jobs');
    await settleJobs(t);
  }
}

/** The timeline and the start jobs' outcomes, to say why an instance did not start. */
async function whyNotStarted(id: string): Promise<string> {
  const detail = await w.call('GET', `/workflow-data/${id}`, owner());
  const { rows } = await t.platform.database.raw(
    `select state, output from pgboss.job where name in ('workflows.start', 'workflows.stage')`,
  );
  return JSON.stringify({ timeline: detail.json().data?.timeline, jobs: rows });
}

async function draftFor(contactId: string): Promise<string> {
  const res = await w.call('POST', `/create-workflow-data/${workflow._id}`, owner(), {
    contact_id: contactId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

async function send(id: string, wholeBatch = true) {
  const res = await w.call('POST', '/documents/send-workflow', owner(), {
    workflow_data_id: id,
    whole_batch: wholeBatch,
  });
  expect(res.statusCode, res.body).toBe(200);
  await settle();
  return res.json().data;
}

describe('a packet driven to COMPLETED', () => {
  it('starts stage 1, follows the signature and the uploads, skips by condition, completes', async () => {
    const tina = await seedContact(t, acme.companyId, 'Tina');
    const id = await draftFor(tina);
    await send(id, false);
    expect(await statusOf(id), await whyNotStarted(id)).toBe('IN_PROGRESS');
    let steps = await stepsOf(id);
    expect([steps.s1!.status, steps.s2!.status, steps.s3!.status, steps.s4!.status]).toEqual([
      'DUE',
      'DUE',
      'WAITING',
      'WAITING',
    ]);
    const [doc] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, steps.s1!.objectId!));
    expect(doc!.status).toBe('WAITING');
    const [instance] = await t.platform.database.db
      .select()
      .from(workflowData)
      .where(eq(workflowData.id, id));

    await signAs(t, instance!.email!, doc!.id, 'sig');
    await waitForSeal(t, doc!.id);
    await settle();
    expect((await stepsOf(id)).s1!.status).toBe('DONE');

    const uploaded = await patch(`/request-documents/${steps.s2!.objectId}`, owner(), {
      status: 'UPLOADED',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await settle();
    steps = await stepsOf(id);
    expect(steps.s2!.status).toBe('DONE');
    expect(steps.s3!.status).toBe('SKIPPED');
    expect(steps.s4!.status).toBe('DUE');
    expect(await statusOf(id)).toBe('IN_PROGRESS');

    await patch(`/request-documents/${steps.s4!.objectId}`, owner(), { status: 'UPLOADED' });
    await settle();
    expect(await statusOf(id)).toBe('COMPLETED');
    const detail = await w.call('GET', `/workflow-data/${id}`, owner());
    const events = detail.json().data.timeline.map((e: { event: string }) => e.event);
    expect(events).toEqual(
      expect.arrayContaining(['created', 'sent', 'step_due', 'step_done', 'step_skipped', 'completed']),
    );
  }, 300_000);
});

describe('voiding and declining', () => {
  it('voids a running instance and its open document', async () => {
    const id = await draftFor(await seedContact(t, acme.companyId, 'Vic'));
    await send(id, false);
    const steps = await stepsOf(id);
    const res = await w.call('PUT', `/workflow-data/${id}`, owner(), {
      status: 'VOIDED',
      reason: 'Wrong flat',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('VOIDED');
    const [doc] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, steps.s1!.objectId!));
    expect(doc).toMatchObject({ status: 'VOIDED', voidReason: 'Wrong flat' });
    const again = await w.call('PUT', `/workflow-data/${id}`, owner(), { status: 'VOIDED' });
    expect(again.statusCode).toBe(409);
  }, 300_000);

  it('declines the instance when its document is voided by staff (a required step ended)', async () => {
    const id = await draftFor(await seedContact(t, acme.companyId, 'Dee'));
    await send(id, false);
    const steps = await stepsOf(id);
    const res = await w.call('POST', `/documents/${steps.s1!.objectId}/void`, owner(), { reason: 'No' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toBe('DECLINED');
    expect((await stepsOf(id)).s2!.status).toBe('VOIDED');
  }, 300_000);
});

describe('a batch', () => {
  it('starts 120 contacts once, even when a chunk runs again', async () => {
    const contacts: string[] = [];
    for (let i = 0; i < 120; i++) contacts.push(await seedContact(t, acme.companyId, `B${i}`));
    const first = await draftFor(contacts[0]!);
    const added = await w.call('POST', '/addWorkflow-contacts', owner(), {
      workflow_data_id: first,
      contact_ids: contacts,
    });
    expect(added.statusCode, added.body).toBe(200);
    const ids: string[] = added.json().data.map((i: { _id: string }) => i._id);
    expect(ids).toHaveLength(120);
    const progress = await send(first);
    expect(progress.total).toBe(120);
    const batchId = progress.batch_id as string;
    await runStartChunk(t.platform, { batch_id: batchId, ids: ids.slice(0, 50), actor: null });
    const rows = await t.platform.database.db
      .select()
      .from(workflowData)
      .where(inArray(workflowData.id, ids));
    expect(rows.every((r) => r.status === 'IN_PROGRESS')).toBe(true);
    const docs = await t.platform.database.db
      .select({ id: workflowDataSteps.objectId })
      .from(workflowDataSteps)
      .where(inArray(workflowDataSteps.workflowDataId, ids));
    const objectIds = docs.map((d) => d.id).filter((x): x is string => Boolean(x));
    expect(objectIds).toHaveLength(240);
    const sent = await t.platform.database.db
      .select({ id: employeeDocuments.id })
      .from(employeeDocuments)
      .where(inArray(employeeDocuments.id, objectIds));
    expect(sent).toHaveLength(120);
    const again = await w.call('GET', `/workflow-data/${ids[7]}`, owner());
    expect(again.json().data.status).toBe('IN_PROGRESS');
  }, 300_000);
});

describe('other companies', () => {
  it("answers 404 for another company's workflow, instance or contact", async () => {
    const id = await draftFor(await seedContact(t, acme.companyId, 'Own'));
    const foreign = await seedContact(t, other.companyId, 'Far');
    const theirs = other.users.OWNER;
    expect(
      (await w.call('POST', `/create-workflow-data/${workflow._id}`, theirs, { contact_id: null }))
        .statusCode,
    ).toBe(404);
    expect(
      (await w.call('POST', '/documents/send-workflow', theirs, { workflow_data_id: id })).statusCode,
    ).toBe(404);
    expect((await w.call('PUT', `/workflow-data/${id}`, theirs, { status: 'VOIDED' })).statusCode).toBe(404);
    expect(
      (
        await w.call('POST', '/addWorkflow-contacts', owner(), {
          workflow_data_id: id,
          contact_ids: [foreign],
        })
      ).statusCode,
    ).toBe(404);
    const bad = await w.call('POST', '/addWorkflow-contacts', owner(), {
      workflow_data_id: 'x',
      contact_ids: [],
    });
    expect(bad.statusCode).toBe(422);
  }, 300_000);
});
