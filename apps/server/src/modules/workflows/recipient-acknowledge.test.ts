import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { seedContactCaller, type ContactCaller } from '../../../test/contact-caller';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, employeeDocuments } from '../documents/schema';
import { createDocument, saveLayout, signer } from '../documents/test-helpers';
import { settleJobs } from '../notifications/test-helpers';
import { eventually, linkHeaders } from '../signing/test-helpers';
import { INVALID_PACKET_LINK_MESSAGE } from './recipient-access';
import { workflowDataSteps } from './schema';
import { keysOf, settleWorkflowJobs, workflowTestClient } from './workflows-test-utils';

/*
 * A read-and-acknowledge (static) step: opening its document only marks it viewed (the document,
 * sent to its viewer only, completes); the step is DONE once the viewer presses "I have read and
 * acknowledge this document" (`POST /workflow/acknowledge`), recorded with time, IP and user agent.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let w: ReturnType<typeof workflowTestClient>;
let workflow: TWorkflow;
let otherWorkflow: TWorkflow;
let ipSeq = 0;

type Headers = Record<string, string>;
type Step = { step_id: string; status: string; must_acknowledge: boolean; acknowledged_at: string | null };

/** A template whose one role views it (nothing to fill). */
async function houseRules(company: SeededCompany): Promise<string> {
  const owner = company.users.OWNER;
  const doc = await createDocument(t, owner, company.companyId, { isTemplate: true, name: 'House rules' });
  await saveLayout(t, owner, doc, {
    fields: [],
    document_users: [signer('reader', 'placeholder@example.com', { user_type: 'VIEWER' })],
  });
  return doc._id;
}

async function activeWorkflow(company: SeededCompany): Promise<TWorkflow> {
  const owner = company.users.OWNER;
  const created = await w.createWorkflow(owner, {
    name: 'Move-in',
    steps: [
      { id: 'rules', kind: 'static', name: 'House rules', template_id: await houseRules(company), stage: 1 },
      { id: 'pan', kind: 'requested', name: 'PAN card', card_type: 'PAN card', stage: 2 },
    ],
  });
  const activated = await w.call('POST', `/workflow/${created._id}/status`, owner, { status: 'ACTIVE' });
  expect(activated.statusCode, activated.body).toBe(200);
  return created;
}

beforeAll(async () => {
  t = await buildTestApp();
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Lettings' });
  other = await seedCompany(t, { name: 'Other Lettings' });
  workflow = await activeWorkflow(acme);
  otherWorkflow = await activeWorkflow(other);
}, 300_000);
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

/** A started packet of `flow` for the contact; answers its id and the rules document's id. */
async function started(
  company: SeededCompany,
  flow: TWorkflow,
  contactId: string,
): Promise<{ id: string; doc: string }> {
  const owner = company.users.OWNER;
  const draft = await w.call('POST', `/create-workflow-data/${flow._id}`, owner, { contact_id: contactId });
  expect(draft.statusCode, draft.body).toBe(200);
  const id = draft.json().data._id as string;
  const sent = await w.call('POST', '/documents/send-workflow', owner, {
    workflow_data_id: id,
    whole_batch: false,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const doc = await poll(async () => {
    const [row] = await t.platform.database.db
      .select()
      .from(workflowDataSteps)
      .where(and(eq(workflowDataSteps.workflowDataId, id), eq(workflowDataSteps.stepId, 'rules')));
    return row?.status === 'DUE' && row.objectId ? row.objectId : null;
  }, 'the packet started');
  await settleJobs(t);
  return { id, doc };
}

function call(url: string, headers: Headers, body?: object) {
  ipSeq += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...headers, 'user-agent': 'Phone Browser 1.0' },
    remoteAddress: `10.82.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
    ...(body ? { payload: body } : {}),
  });
}

const acknowledge = (headers: Headers, body: object = { step_id: 'rules' }) =>
  call('/workflow/acknowledge', headers, body);
const stepOf = (res: { json: () => { data: { steps: Step[] } } }, id: string) =>
  res.json().data.steps.find((s) => s.step_id === id)!;

async function stepRow(instanceId: string, stepId: string) {
  const [row] = await t.platform.database.db
    .select()
    .from(workflowDataSteps)
    .where(and(eq(workflowDataSteps.workflowDataId, instanceId), eq(workflowDataSteps.stepId, stepId)));
  return row!;
}

/** Opens the signing link's page as the web does (the record read marks it viewed). */
async function openDocument(doc: string, link: Headers) {
  const record = await t.app.inject({ method: 'GET', url: `/api/e-signs/${doc}`, headers: link });
  expect(record.statusCode, record.body).toBe(200);
}

/** Viewed by its one viewer, the document completes once sealed (the seal worker). */
async function completed(doc: string) {
  await poll(async () => {
    const [row] = await t.platform.database.db
      .select({ status: employeeDocuments.status })
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, doc));
    return row?.status === 'COMPLETED';
  }, `${doc} completed`);
  await settleWorkflowJobs(t, 1);
}

/** `eventually` with room for a loaded machine (starts and seals run in jobs). */
async function poll<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let round = 0; ; round++) {
    try {
      return await eventually(check, what);
    } catch (error) {
      if (round >= 3) throw error;
    }
  }
}

describe('read and acknowledge', () => {
  let tenant: ContactCaller;
  let packet: { id: string; doc: string };
  let link: Headers;
  beforeAll(async () => {
    tenant = await seedContactCaller(t, acme.companyId);
    packet = await started(acme, workflow, tenant.contactId);
    link = { ...(await linkHeaders(t, tenant.email, packet.doc)) };
  }, 600_000);

  it(
    'opening the document only marks it viewed: the step stays due and asks for the acknowledgement',
    { timeout: 300_000 },
    async () => {
      // Before it is opened, the acknowledgement is refused.
      const early = await acknowledge(link);
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json().message).toMatch(/read it first/);

      await openDocument(packet.doc, link);
      await completed(packet.doc);
      expect((await stepRow(packet.id, 'rules')).status).toBe('DUE');
      expect((await stepRow(packet.id, 'pan')).status).toBe('WAITING');

      const status = await call('/workflow/user-status', link);
      expect(status.statusCode, status.body).toBe(200);
      expect(stepOf(status, 'rules')).toMatchObject({
        status: 'DUE',
        must_acknowledge: true,
        acknowledged_at: null,
      });
      expect(stepOf(status, 'pan')).toMatchObject({ must_acknowledge: false });
      const detail = await w.call('GET', `/workflow-data/${packet.id}`, acme.users.OWNER);
      expect(detail.json().data.timeline.map((e: { event: string }) => e.event)).toContain('step_viewed');
    },
  );

  it(
    'the acknowledgement is recorded with time, IP and user agent, the step is done and the packet moves on',
    { timeout: 300_000 },
    async () => {
      const res = await acknowledge(link);
      expect(res.statusCode, res.body).toBe(200);
      const rules = stepOf(res, 'rules');
      expect(rules).toMatchObject({ status: 'DONE', must_acknowledge: false });
      expect(rules.acknowledged_at).toEqual(expect.any(String));

      const detail = await w.call('GET', `/workflow-data/${packet.id}`, acme.users.OWNER);
      const events = detail.json().data.timeline as {
        event: string;
        actor: string;
        details: Record<string, unknown>;
      }[];
      const ack = events.filter((e) => e.event === 'acknowledged');
      expect(ack).toHaveLength(1);
      expect(ack[0]!.details).toMatchObject({
        email: tenant.email.toLowerCase(),
        ip: expect.stringMatching(/^10\.82\./),
        user_agent: 'Phone Browser 1.0',
        object_id: packet.doc,
      });
      expect(ack[0]!.actor).not.toMatch(/^[0-9a-f-]{36}$/);
      expect(events.find((e) => e.event === 'step_done')?.details).toMatchObject({ because: 'acknowledged' });

      const logs = await t.platform.database.db
        .select()
        .from(documentLogs)
        .where(
          and(
            eq(documentLogs.employeeDocumentId, packet.doc),
            eq(documentLogs.action, 'recipient.acknowledged'),
          ),
        );
      expect(logs).toHaveLength(1);
      expect(logs[0]!.ip).toMatch(/^10\.82\./);
      expect(logs[0]!.userAgent).toBe('Phone Browser 1.0');

      await poll(async () => (await stepRow(packet.id, 'pan')).status === 'DUE', 'the next stage');

      // Twice is once.
      const again = await acknowledge(link);
      expect(again.statusCode, again.body).toBe(200);
      expect(stepOf(again, 'rules').acknowledged_at).toBe(rules.acknowledged_at);
    },
  );

  it(
    'the contact signed in acknowledges with their token and the packet named',
    { timeout: 300_000 },
    async () => {
      const second = await started(acme, workflow, tenant.contactId);
      const secondLink = await linkHeaders(t, tenant.email, second.doc);
      await openDocument(second.doc, { ...secondLink });
      const unnamed = await acknowledge(tenant.headers);
      expect(unnamed.statusCode).toBe(422);
      expect(keysOf(unnamed)).toEqual(['workflowdataid']);
      // Acknowledged at once, perhaps before the seal completed the document: the step is done
      // once both happened, in whichever order.
      const res = await acknowledge({ ...tenant.headers, workflowdataid: second.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(stepOf(res, 'rules').acknowledged_at).toEqual(expect.any(String));
      await completed(second.doc);
      await poll(async () => (await stepRow(second.id, 'rules')).status === 'DONE', 'the step done');
    },
  );
});

describe('acknowledge refusals', () => {
  let tenant: ContactCaller;
  let neighbour: ContactCaller;
  let packet: { id: string; doc: string };
  let link: Headers;
  beforeAll(async () => {
    tenant = await seedContactCaller(t, acme.companyId);
    neighbour = await seedContactCaller(t, acme.companyId);
    packet = await started(acme, workflow, tenant.contactId);
    link = { ...(await linkHeaders(t, tenant.email, packet.doc)) };
    await openDocument(packet.doc, link);
    await completed(packet.doc);
  }, 600_000);

  it.each([
    ['no body', undefined],
    ['no step', {}],
    ['an empty step', { step_id: '' }],
    ['a number', { step_id: 7 }],
    ['a long id', { step_id: 'x'.repeat(65) }],
  ])('answers 422 to %s', async (_, body) => {
    const res = await call('/workflow/acknowledge', link, body as object | undefined);
    expect(res.statusCode, res.body).toBe(422);
  });

  it('answers 404 to an unknown step, 409 to a step that is not a document to read', async () => {
    expect((await acknowledge(link, { step_id: 'nope' })).statusCode).toBe(404);
    const upload = await acknowledge(link, { step_id: 'pan' });
    expect(upload.statusCode, upload.body).toBe(409);
    expect(upload.json().message).toMatch(/not a document to read and acknowledge/);
  });

  it('answers 401 with one message to a wrong secret and a malformed id', async () => {
    for (const headers of [
      { ...link, password: 'wrong' },
      { ...link, documentid: "1' or 1=1" },
      { ...link, workflowdataid: 'not-a-uuid' },
    ]) {
      const res = await acknowledge(headers);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(INVALID_PACKET_LINK_MESSAGE);
    }
  });

  it(
    "answers 404 to another contact's packet and another company's packet; nothing is recorded",
    { timeout: 300_000 },
    async () => {
      const theirs = await started(acme, workflow, neighbour.contactId);
      // The tenant's link naming the neighbour's packet, the neighbour's token on the tenant's packet.
      expect((await acknowledge({ ...link, workflowdataid: theirs.id })).statusCode).toBe(404);
      expect((await acknowledge({ ...neighbour.headers, workflowdataid: packet.id })).statusCode).toBe(404);
      const foreign = await seedContactCaller(t, other.companyId);
      const abroad = await started(other, otherWorkflow, foreign.contactId);
      expect((await acknowledge({ ...link, workflowdataid: abroad.id })).statusCode).toBe(404);
      expect((await acknowledge({ ...acme.users.OWNER.headers, workflowdataid: abroad.id })).statusCode).toBe(
        404,
      );
      for (const id of [theirs.id, packet.id, abroad.id]) {
        const row = await stepRow(id, 'rules');
        expect(row.status).toBe('DUE');
      }
    },
  );

  it('answers 409 once the packet is voided', async () => {
    const voided = await w.call('PUT', `/workflow-data/${packet.id}`, acme.users.OWNER, {
      status: 'VOIDED',
      reason: 'Wrong flat',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const res = await acknowledge(link);
    expect(res.statusCode, res.body).toBe(409);
  });
});
