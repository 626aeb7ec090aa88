import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IntegrationEvent } from '@esigns/contracts/integration-events';
import type { TWorkflow, TWorkflowStepInput } from '@esigns/contracts/workflows';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { signAs } from '../document-actions/test-helpers';
import { documentLogs, documentRequests, employeeDocuments } from '../documents/schema';
import {
  caller,
  createDocument,
  mailsTo,
  saveLayout,
  signatureField,
  signer,
} from '../documents/test-helpers';
import { settleJobs } from '../notifications/test-helpers';
import { eventually, waitForSeal } from '../signing/test-helpers';
import { packetDriver, packetSteps, seedPacketRefs } from './expiry-test-utils';
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
/** The integration events a probe subscriber heard (Acme's `workflow.completed`). */
const heard: IntegrationEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { beforeStart: (p) => p.events.subscribe('probe', async (event) => void heard.push(event)) },
  );
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  await t.platform.database.db.transaction((tx) =>
    t.platform.events.setInterest(tx, 'probe', acme.companyId, 'probe', ['workflow.completed']),
  );
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

/** The workflows jobs still to run. */
async function workflowJobsLeft(): Promise<number> {
  const { rows } = await t.platform.database.raw(
    `select count(*)::int as n from pgboss.job where name like 'workflows.%' and state in ('created', 'retry', 'active')`,
  );
  return (rows[0] as { n: number }).n;
}

/**
 * Every workflows job done, then every other job. A large batch on a busy machine may take longer
 * than one wait (30 s): up to 6 waits.
 */
async function settle(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (let wait = 1; ; wait++) {
      const done = await eventually(async () => (await workflowJobsLeft()) === 0, 'the workflows jobs').then(
        () => true,
        (err: unknown) => (wait < 6 ? false : Promise.reject(err)),
      );
      if (done) break;
    }
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
    // Integrations hear of it once (webhooks, pipelines).
    const completed = await eventually(
      async () => heard.find((e) => e.subject_id === id),
      'the workflow.completed event',
    );
    expect(completed).toMatchObject({
      type: 'workflow.completed',
      company_id: acme.companyId,
      data: { workflow_id: workflow._id, instance_id: id, name: 'Tenancy packet' },
    });
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

describe('a clean end', () => {
  it('voiding a packet voids its document with the void mail, cancels its request and closes its form draft', async () => {
    const p = packetDriver(t, acme);
    const refs = await seedPacketRefs(t, acme);
    const packet = await p.activeWorkflow(packetSteps(refs));
    const { id, email } = await p.start(packet, 'Cleo');
    const steps = await p.steps(id);
    const formLink = formLinkOf((await p.mailsOf(email, 'form.sent'))[0]!.html);
    const requestLink = await requestLinkOf(email, steps.upload!.objectId!);

    const res = await w.call('PUT', `/workflow-data/${id}`, owner(), {
      status: 'VOIDED',
      reason: 'Flat let',
    });
    expect(res.statusCode, res.body).toBe(200);
    await p.settle();

    const [doc] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, steps.sign!.objectId!));
    expect(doc).toMatchObject({ status: 'VOIDED', voidReason: 'Flat let' });
    const voidMails = await p.mailsOf(email, 'document.voided');
    expect(voidMails).toHaveLength(1);
    expect(voidMails[0]!.html).toContain('Flat let');
    const logs = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(and(eq(documentLogs.employeeDocumentId, doc!.id), eq(documentLogs.action, 'document.voided')));
    expect(logs.map((l) => l.details)).toEqual([expect.objectContaining({ workflow_data_id: id })]);

    // The request is closed: its link and staff can no longer hand a file in nor reopen it.
    const [request] = await t.platform.database.db
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.id, steps.upload!.objectId!));
    expect(request!.status).toBe('CANCELLED');
    const upload = { file_name: 'pan.pdf', content_type: 'application/pdf', size: 1000 };
    const byLink = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${request!.id}/upload-url`,
      headers: requestLink,
      payload: upload,
    });
    expect(byLink.statusCode, byLink.body).toBe(409);
    expect((await w.call('POST', `/documents/${request!.id}/upload-url`, owner(), upload)).statusCode).toBe(
      409,
    );
    expect(
      (await patch(`/request-documents/${request!.id}`, owner(), { status: 'REQUESTED' })).statusCode,
    ).toBe(409);

    // The form's draft is CLOSED: its link opens it read only, saving and submitting are refused.
    const guest = { userid: formLink.guestId, passcode: formLink.secret, formbuilderid: refs.formId };
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/formbuilder-data/${steps.fill!.objectId}`,
      headers: guest,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.status).toBe('CLOSED');
    const submit = await t.app.inject({
      method: 'PUT',
      url: `/api/formbuilder-data/${steps.fill!.objectId}`,
      headers: guest,
      payload: { status: 'SUBMITTED' },
    });
    expect(submit.statusCode, submit.body).toBe(409);

    const voided = (await p.events(id)).find((e) => e.event === 'voided')!;
    expect(voided.details).toMatchObject({
      documents_voided: [doc!.id],
      requests_cancelled: [request!.id],
      submissions_closed: [steps.fill!.objectId],
    });
  }, 300_000);

  it('a request cancelled by staff ends its required step: the packet is declined', async () => {
    const p = packetDriver(t, acme);
    const uploads = await p.activeWorkflow(twoUploads);
    const { id } = await p.start(uploads, 'Carl');
    const steps = await p.steps(id);
    const res = await patch(`/request-documents/${steps.r1!.objectId}`, owner(), { status: 'CANCELLED' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await p.instance(id)).status).toBe('DECLINED');
    expect((await p.steps(id)).r1!.status).toBe('VOIDED');
  }, 300_000);
});

describe('a file refused after it was handed in', () => {
  it('reopens its step (DUE again, its link works) while the packet runs, even once the next stage started', async () => {
    const p = packetDriver(t, acme);
    const uploads = await p.activeWorkflow(twoUploads);
    const { id, email } = await p.start(uploads, 'Rex');
    const first = (await p.steps(id)).r1!.objectId!;
    expect((await patch(`/request-documents/${first}`, owner(), { status: 'UPLOADED' })).statusCode).toBe(
      200,
    );
    await p.settle();
    let steps = await p.steps(id);
    expect([steps.r1!.status, steps.r2!.status]).toEqual(['DONE', 'DUE']);

    expect((await patch(`/request-documents/${first}`, owner(), { status: 'REJECTED' })).statusCode).toBe(
      200,
    );
    steps = await p.steps(id);
    expect([steps.r1!.status, steps.r2!.status]).toEqual(['DUE', 'DUE']);
    expect(steps.r1!.finishedAt).toBeNull();
    expect((await p.events(id)).filter((e) => e.event === 'step_reopened').map((e) => e.stepId)).toEqual([
      'r1',
    ]);
    const link = await requestLinkOf(email, first);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${first}/upload-url`,
      headers: link,
      payload: { file_name: 'pan.pdf', content_type: 'application/pdf', size: 1000 },
    });
    expect(again.statusCode, again.body).toBe(200);

    // The next stage goes on; the packet completes only once the refused file is handed in again.
    await patch(`/request-documents/${steps.r2!.objectId}`, owner(), { status: 'UPLOADED' });
    await p.settle();
    expect((await p.instance(id)).status).toBe('IN_PROGRESS');
    await patch(`/request-documents/${first}`, owner(), { status: 'UPLOADED' });
    await p.settle();
    expect((await p.instance(id)).status).toBe('COMPLETED');

    // Once the packet ended, a refusal changes nothing of it.
    await patch(`/request-documents/${first}`, owner(), { status: 'REJECTED' });
    expect((await p.instance(id)).status).toBe('COMPLETED');
    expect((await p.steps(id)).r1!.status).toBe('DONE');
  }, 300_000);
});

describe('a step done while the packet runs', () => {
  it('tells the staff screens (workflow.updated, IN_PROGRESS) once its transaction commits', async () => {
    const p = packetDriver(t, acme);
    const uploads = await p.activeWorkflow(twoUploads);
    const { id } = await p.start(uploads, 'Uma');
    const emit = vi.spyOn(t.platform.realtime, 'emitToWorkspace');
    try {
      const first = (await p.steps(id)).r1!.objectId!;
      expect((await patch(`/request-documents/${first}`, owner(), { status: 'UPLOADED' })).statusCode).toBe(
        200,
      );
      await p.settle();
      const updates = () =>
        emit.mock.calls.filter(
          ([, event, payload]) =>
            event === 'workflow.updated' && (payload as { workflow_data_id: string }).workflow_data_id === id,
        );
      await eventually(async () => updates().length > 0, 'the workflow.updated event');
      expect(updates()[0]![0]).toBe(acme.companyId);
      expect(updates()[0]![2]).toEqual({ workflow_data_id: id, status: 'IN_PROGRESS' });
    } finally {
      emit.mockRestore();
    }
  }, 300_000);
});

describe('definition checks', () => {
  it('refuses a step recipient naming a role its template does not have (422 naming the step and role)', async () => {
    const refs = await seedPacketRefs(t, acme);
    const res = await w.call('POST', '/create-workflow', owner(), {
      name: 'Roles',
      steps: [
        {
          id: 'lease',
          kind: 'custom',
          name: 'Lease',
          template_id: refs.templateId,
          recipients: [
            { role_key: 'tenant', source: 'PRIMARY' },
            { role_key: 'landlord', source: 'EMAIL', email: 'lord@example.com' },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details).toEqual([
      expect.objectContaining({
        key: 'steps.0.recipients.1.role_key',
        message: 'Step "Lease": the template has no role "landlord"',
      }),
    ]);
  }, 300_000);
});

const twoUploads: TWorkflowStepInput[] = [
  { id: 'r1', kind: 'requested', name: 'ID proof', card_type: 'PAN card', stage: 1 },
  { id: 'r2', kind: 'requested', name: 'Payslip', card_type: 'Payslip', stage: 2 },
];

/** The personal form link of a mail: `/public/fb/{code}/{submission}/vp/{guest}?t={secret}`. */
function formLinkOf(html: string) {
  const match = /\/public\/fb\/[^/]+\/([0-9a-f-]{36})\/vp\/([0-9a-f-]{36})\?t=([^"&<\s]+)/.exec(html)!;
  return { submissionId: match[1]!, guestId: match[2]!, secret: decodeURIComponent(match[3]!) };
}

/** The request link headers of the newest mail naming the request. */
async function requestLinkOf(email: string, requestId: string) {
  for (const mail of await mailsTo(t, email)) {
    const match = new RegExp(
      `/company-documents/requested/${requestId}/[^"]*execute\\?token=([A-Za-z0-9_%-]+)`,
    ).exec(mail.html);
    if (match) return { requestid: requestId, password: decodeURIComponent(match[1]!) };
  }
  throw new Error(`no request mail for ${requestId}`);
}
