import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { seedContactCaller, type ContactCaller } from '../../../test/contact-caller';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { contacts } from '../contacts/schema';
import { documentLogs } from '../documents/schema';
import { createDocument, mailsTo, saveLayout, signatureField, signer } from '../documents/test-helpers';
import { settleJobs } from '../notifications/test-helpers';
import { eventually, linkHeaders } from '../signing/test-helpers';
import { MINTS_PER_STEP_HOUR } from './recipient-mint';
import { INVALID_PACKET_LINK_MESSAGE } from './recipient-access';
import { workflowDataSteps } from './schema';
import { keysOf, seedContact, workflowTestClient } from './workflows-test-utils';

/*
 * The recipient's side of a packet: `POST /workflow/user-status` from each kind of step link and
 * from a signed-in account, fresh links minted per step, and the staff's `POST /resend-workflow`.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let w: ReturnType<typeof workflowTestClient>;
let workflow: TWorkflow;
let formId: string;
let tenant: ContactCaller;
let ipSeq = 0;

type Headers = Record<string, string>;
type Step = { step_id: string; status: string; open_url: string | null };

beforeAll(async () => {
  t = await buildTestApp();
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Packets' });
  other = await seedCompany(t, { name: 'Other Packets' });
  const owner = acme.users.OWNER;
  const lease = await createDocument(t, owner, acme.companyId, { isTemplate: true, name: 'Lease' });
  await saveLayout(t, owner, lease, {
    fields: [signatureField('sig', 'tenant')],
    document_users: [signer('tenant', 'placeholder@example.com')],
  });
  const counter = await createDocument(t, owner, acme.companyId, { isTemplate: true, name: 'Counter' });
  await saveLayout(t, owner, counter, {
    fields: [signatureField('t_sig', 'tenant'), signatureField('a_sig', 'agent', { y: 500 })],
    document_users: [signer('tenant', 'placeholder@example.com'), signer('agent', 'agent@example.com')],
  });
  const form = await w.call('POST', '/formBuilders', owner, {
    name: 'Move-in form',
    status: 'ACTIVE',
    steps: [{ type: 'STATIC', name: 'Terms', content: 'Read me.', require_accept: true }],
  });
  expect(form.statusCode, form.body).toBe(201);
  formId = form.json().data._id;
  workflow = await w.createWorkflow(owner, {
    name: 'Tenancy packet',
    steps: [
      { id: 's1', kind: 'custom', name: 'Lease', template_id: lease._id, stage: 1 },
      { id: 's2', kind: 'requested', name: 'ID proof', card_type: 'PAN card', stage: 1 },
      { id: 's3', kind: 'form', name: 'Move-in form', form_builder_id: formId, stage: 1 },
      {
        id: 's4',
        kind: 'custom',
        name: 'Countersign',
        template_id: counter._id,
        stage: 1,
        recipients: [
          { role_key: 'tenant', source: 'PRIMARY' },
          { role_key: 'agent', source: 'USER', user_id: acme.users.MANAGER.userId },
        ],
      },
      { id: 's5', kind: 'requested', name: 'Salary slip', card_type: 'Salary slip', stage: 2 },
    ],
  });
  const activated = await w.call('POST', `/workflow/${workflow._id}/status`, owner, { status: 'ACTIVE' });
  expect(activated.statusCode, activated.body).toBe(200);
  tenant = await seedContactCaller(t, acme.companyId);
}, 300_000);
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

const owner = () => acme.users.OWNER;

/** A started packet for `contactId`, with its steps' objects. */
async function started(contactId: string): Promise<{ id: string; objects: Record<string, string> }> {
  const draft = await w.call('POST', `/create-workflow-data/${workflow._id}`, owner(), {
    contact_id: contactId,
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const id = draft.json().data._id as string;
  const sent = await w.call('POST', '/documents/send-workflow', owner(), {
    workflow_data_id: id,
    whole_batch: false,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const objects = await eventually(async () => {
    const rows = await t.platform.database.db
      .select()
      .from(workflowDataSteps)
      .where(eq(workflowDataSteps.workflowDataId, id));
    const due = rows.filter((r) => r.status === 'DUE' && r.objectId);
    return due.length === 4 ? Object.fromEntries(due.map((r) => [r.stepId, r.objectId!])) : null;
  }, 'the packet started');
  await settleJobs(t);
  return { id, objects };
}

function status(headers: Headers, body?: object, ip?: string) {
  ipSeq += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/workflow/user-status',
    headers,
    remoteAddress: ip ?? `10.81.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
    ...(body ? { payload: body } : {}),
  });
}

const openUrls = (steps: Step[]) => Object.fromEntries(steps.map((s) => [s.step_id, s.open_url]));

/** The request link headers of the newest mail naming `requestId`. */
async function requestHeaders(email: string, requestId: string): Promise<Headers> {
  for (const mail of await mailsTo(t, email)) {
    const match = new RegExp(
      `/company-documents/requested/${requestId}/workflow/[0-9a-f-]{36}/execute\\?token=([A-Za-z0-9_%-]+)`,
    ).exec(mail.html);
    if (match) return { requestid: requestId, password: decodeURIComponent(match[1]!) };
  }
  throw new Error(`no request mail for ${requestId}`);
}

/** The form link headers of the newest form mail naming `submissionId`. */
async function formHeaders(email: string, submissionId: string): Promise<Headers> {
  for (const mail of await mailsTo(t, email)) {
    const match = new RegExp(
      `/public/fb/[^/]+/${submissionId}/vp/([0-9a-f-]{36})\\?t=([A-Za-z0-9_%-]+)`,
    ).exec(mail.html);
    if (match) return { userid: match[1]!, passcode: decodeURIComponent(match[2]!), formbuilderid: formId };
  }
  throw new Error(`no form mail for ${submissionId}`);
}

/** The headers of a minted link's URL (signing, request or form). */
function headersOfUrl(url: string): Headers {
  const u = new URL(url);
  const token = u.searchParams.get('token') ?? u.searchParams.get('t') ?? '';
  const signing = /\/emp-documents\/preview\/([0-9a-f-]{36})\/pp\/vp\/([0-9a-f-]{36})$/.exec(u.pathname);
  if (signing) return { documentid: signing[1]!, userid: signing[2]!, password: token };
  const request = /\/company-documents\/requested\/([0-9a-f-]{36})\//.exec(u.pathname);
  if (request) return { requestid: request[1]!, password: token };
  const form = /\/public\/fb\/[^/]+\/[0-9a-f-]{36}\/vp\/([0-9a-f-]{36})$/.exec(u.pathname);
  if (form) return { userid: form[1]!, passcode: token, formbuilderid: formId };
  throw new Error(`not a step link: ${url}`);
}

describe('user-status from a step link', () => {
  let packet: { id: string; objects: Record<string, string> };
  beforeAll(async () => {
    packet = await started(tenant.contactId);
  }, 300_000);

  it("answers the tenant's steps in order from their signing link, the page of that step only", async () => {
    const link = await linkHeaders(t, tenant.email, packet.objects.s1!);
    const res = await status(link);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      workflow_data_id: packet.id,
      workflow_name: 'Tenancy packet',
      status: 'IN_PROGRESS',
      company_name: 'Acme Packets',
    });
    expect(data.steps.map((s: Step) => [s.step_id, s.status])).toEqual([
      ['s1', 'DUE'],
      ['s2', 'DUE'],
      ['s3', 'DUE'],
      ['s4', 'DUE'],
      ['s5', 'WAITING'],
    ]);
    expect(openUrls(data.steps)).toEqual({
      s1: `http://localhost:3000/emp-documents/preview/${link.documentid}/pp/vp/${link.userid}`,
      s2: null,
      s3: null,
      s4: null,
      s5: null,
    });
    // The header naming the packet must agree.
    expect((await status({ ...link, workflowdataid: packet.id })).statusCode).toBe(200);
  });

  it('answers the request link and the form link the same way, each with its own page', async () => {
    const request = await requestHeaders(tenant.email, packet.objects.s2!);
    const fromRequest = await status(request);
    expect(fromRequest.statusCode, fromRequest.body).toBe(200);
    expect(openUrls(fromRequest.json().data.steps)).toMatchObject({
      s1: null,
      s2: `http://localhost:3000/company-documents/requested/${packet.objects.s2}/workflow/${packet.id}/execute`,
    });
    const form = await formHeaders(tenant.email, packet.objects.s3!);
    const named = await status({ ...form, formbuilderdataid: packet.objects.s3! });
    expect(named.statusCode, named.body).toBe(200);
    expect(openUrls(named.json().data.steps).s3).toMatch(
      new RegExp(`^http://localhost:3000/public/fb/[^/]+/${packet.objects.s3}/vp/${form.userid}$`),
    );
    const byPacket = await status({ ...form, workflowdataid: packet.id });
    expect(byPacket.statusCode, byPacket.body).toBe(200);
    expect(byPacket.json().data.steps).toHaveLength(5);
  });

  it('mints a working link for the DUE step asked for, logged on the timeline and the object trail', async () => {
    const link = await linkHeaders(t, tenant.email, packet.objects.s1!);
    const res = await status(link, { open_step_id: 's2' });
    expect(res.statusCode, res.body).toBe(200);
    const urls = openUrls(res.json().data.steps);
    expect(urls.s2).toMatch(
      new RegExp(`/company-documents/requested/${packet.objects.s2}/workflow/${packet.id}/execute\\?token=`),
    );
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/request-documents/${packet.objects.s2}`,
      headers: headersOfUrl(urls.s2!),
    });
    expect(read.statusCode, read.body).toBe(200);

    const fromRequest = await status(await requestHeaders(tenant.email, packet.objects.s2!), {
      open_step_id: 's4',
    });
    expect(fromRequest.statusCode, fromRequest.body).toBe(200);
    const counter = openUrls(fromRequest.json().data.steps).s4!;
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/e-signs/${packet.objects.s4}`,
      headers: headersOfUrl(counter),
    });
    expect(record.statusCode, record.body).toBe(200);
    const logs = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(
        and(
          eq(documentLogs.employeeDocumentId, packet.objects.s4!),
          eq(documentLogs.action, 'recipient.link_issued'),
        ),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0]!.details).toMatchObject({ by: 'recipient', workflow_data_id: packet.id });

    const form = await formHeaders(tenant.email, packet.objects.s3!);
    const minted = await status({ ...form, formbuilderdataid: packet.objects.s3! }, { open_step_id: 's3' });
    expect(minted.statusCode, minted.body).toBe(200);
    const fresh = headersOfUrl(openUrls(minted.json().data.steps).s3!);
    expect((await status({ ...fresh, formbuilderdataid: packet.objects.s3! })).statusCode).toBe(200);

    const detail = await w.call('GET', `/workflow-data/${packet.id}`, owner());
    const issued = detail
      .json()
      .data.timeline.filter((e: { event: string }) => e.event === 'link_issued')
      .map((e: { step_id: string; actor: string }) => [e.step_id, e.actor]);
    expect(issued).toEqual([
      ['s2', tenant.email],
      ['s4', tenant.email],
      ['s3', tenant.email],
    ]);
  });

  it('answers a signed-in recipient (contact area or staff) with workflowdataid, their steps only', async () => {
    const mine = await status({ ...tenant.headers, workflowdataid: packet.id });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.steps.map((s: Step) => s.step_id)).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(Object.values(openUrls(mine.json().data.steps)).every((u) => u === null)).toBe(true);

    const agent = acme.users.MANAGER;
    const theirs = await status({ ...agent.headers, workflowdataid: packet.id });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.steps.map((s: Step) => s.step_id)).toEqual(['s4']);
    const minted = await status({ ...agent.headers, workflowdataid: packet.id }, { open_step_id: 's4' });
    expect(minted.statusCode, minted.body).toBe(200);
    const link = headersOfUrl(openUrls(minted.json().data.steps).s4!);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/e-signs/${packet.objects.s4}`,
      headers: link,
    });
    expect(record.statusCode).toBe(200);
    expect(record.json().data.recipient.email).toBe(agent.email);

    // Another recipient's step, a stranger, no packet named.
    expect(
      (await status({ ...agent.headers, workflowdataid: packet.id }, { open_step_id: 's2' })).statusCode,
    ).toBe(404);
    expect((await status({ ...other.users.OWNER.headers, workflowdataid: packet.id })).statusCode).toBe(404);
    expect((await status({ ...acme.users.OWNER.headers, workflowdataid: packet.id })).statusCode).toBe(404);
    const unnamed = await status(tenant.headers);
    expect(unnamed.statusCode).toBe(422);
    expect(keysOf(unnamed)).toEqual(['workflowdataid']);
  });

  it('refuses a step that is not due (409), an unknown step (404), and too many links for one step (429)', async () => {
    // The request link: minting s1 over and over pushes s1's earlier links out (five live at most).
    const link = await requestHeaders(tenant.email, packet.objects.s2!);
    expect((await status(link, { open_step_id: 's5' })).statusCode).toBe(409);
    expect((await status(link, { open_step_id: 'nope' })).statusCode).toBe(404);
    // s1 had no link minted yet: MINTS_PER_STEP_HOUR of them, then 429.
    for (let i = 0; i < MINTS_PER_STEP_HOUR; i++) {
      const res = await status(link, { open_step_id: 's1' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await status(link, { open_step_id: 's1' });
    expect(over.statusCode).toBe(429);
    // Reading is never limited by it.
    expect((await status(link)).statusCode).toBe(200);
  });
});

describe('user-status refusals', () => {
  let packet: { id: string; objects: Record<string, string> };
  let contact: string;
  beforeAll(async () => {
    contact = await seedContact(t, acme.companyId, 'Rita');
    packet = await started(contact);
  }, 300_000);

  const emailOf = async (): Promise<string> => {
    const [row] = await t.platform.database.db.select().from(contacts).where(eq(contacts.id, contact));
    return row!.email;
  };

  it('answers 401 with one message to wrong secrets and malformed ids, then 429 to the address', async () => {
    const link = await requestHeaders(await emailOf(), packet.objects.s2!);
    const cases: Headers[] = [
      { ...link, password: `${link.password!.slice(0, -2)}xx` },
      { ...link, requestid: '00000000-0000-4000-8000-000000000000' },
      { ...link, requestid: 'not-a-uuid' },
      { ...link, workflowdataid: 'not-a-uuid' },
      { documentid: packet.objects.s1!, userid: '00000000-0000-4000-8000-000000000000', password: 'x' },
      {
        userid: '00000000-0000-4000-8000-000000000000',
        passcode: 'x',
        formbuilderid: formId,
        workflowdataid: packet.id,
      },
      {},
      { authorization: 'Bearer not-a-token', workflowdataid: packet.id },
    ];
    for (const headers of cases) {
      const res = await status(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().message).toBe(INVALID_PACKET_LINK_MESSAGE);
    }
    const bad = { ...link, password: 'wrong' };
    for (let i = 0; i < 20; i++) expect((await status(bad, undefined, '10.82.0.1')).statusCode).toBe(401);
    expect((await status(link, undefined, '10.82.0.1')).statusCode).toBe(429);
    expect((await status(link, undefined, '10.82.0.2')).statusCode).toBe(200);
  });

  it("answers 404 for another packet's id, an object in no packet, and another company's member", async () => {
    const email = await emailOf();
    const link = await requestHeaders(email, packet.objects.s2!);
    const second = await started(contact);
    expect((await status({ ...link, workflowdataid: second.id })).statusCode).toBe(404);
    const plain = await w.call('POST', '/request-documents', owner(), {
      contact_id: contact,
      card_type: 'Plain',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const [mail] = await mailsTo(t, email);
    const token = /execute\?token=([A-Za-z0-9_%-]+)/.exec(mail!.html)![1]!;
    const alone = await status({ requestid: plain.json().data._id, password: decodeURIComponent(token) });
    expect(alone.statusCode).toBe(404);
    // Another company's member naming this packet.
    expect((await status({ ...other.users.OWNER.headers, workflowdataid: packet.id })).statusCode).toBe(404);
  });

  it('answers 422 for a bad body', async () => {
    const link = await requestHeaders(await emailOf(), packet.objects.s2!);
    for (const body of [{ open_step_id: '' }, { open_step_id: 'x'.repeat(65) }, { open_step_id: 5 }]) {
      const res = await status(link, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(keysOf(res)).toEqual(['open_step_id']);
    }
  });

  it('answers a finished packet with its states and mints nothing (409)', async () => {
    const link = await requestHeaders(await emailOf(), packet.objects.s2!);
    const voided = await w.call('PUT', `/workflow-data/${packet.id}`, owner(), { status: 'VOIDED' });
    expect(voided.statusCode, voided.body).toBe(200);
    const res = await status(link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('VOIDED');
    expect((await status(link, { open_step_id: 's2' })).statusCode).toBe(409);
  });
});

describe('resend-workflow', () => {
  let packet: { id: string; objects: Record<string, string> };
  let contact: ContactCaller;
  beforeAll(async () => {
    contact = await seedContactCaller(t, acme.companyId);
    packet = await started(contact.contactId);
  }, 300_000);

  it("mails every due step again through its area, each earlier link still working; timeline 'resent'", async () => {
    const before = (await mailsTo(t, contact.email)).length;
    const oldSigning = await linkHeaders(t, contact.email, packet.objects.s1!);
    const res = await w.call('POST', `/resend-workflow/${packet.id}`, owner(), {});
    expect(res.statusCode, res.body).toBe(200);
    const resent = res.json().data.resent as { step_id: string; emails: string[] }[];
    expect(resent.map((r) => r.step_id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(resent.find((r) => r.step_id === 's4')!.emails.sort()).toEqual(
      [contact.email, acme.users.MANAGER.email].sort(),
    );
    expect(resent.find((r) => r.step_id === 's2')!.emails).toEqual([contact.email]);
    const after = await mailsTo(t, contact.email);
    expect(after.length - before).toBe(4);
    expect(
      after
        .slice(0, 4)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['document.requested', 'document.sent', 'document.sent', 'form.sent'].sort());
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/e-signs/${packet.objects.s1}`,
      headers: oldSigning,
    });
    expect(old.statusCode).toBe(200);
    const detail = await w.call('GET', `/workflow-data/${packet.id}`, owner());
    const events = detail.json().data.timeline.filter((e: { event: string }) => e.event === 'resent');
    expect(events.map((e: { step_id: string }) => e.step_id)).toEqual(['s1', 's2', 's3', 's4']);
    // The new request link works too.
    const fresh = await requestHeaders(contact.email, packet.objects.s2!);
    expect((await status(fresh)).statusCode).toBe(200);
  });

  it('mails only the steps named; 422 names an unknown or not due step', async () => {
    const only = await w.call('POST', `/resend-workflow/${packet.id}`, owner(), { step_ids: ['s2'] });
    expect(only.statusCode, only.body).toBe(200);
    expect(only.json().data.resent).toEqual([{ step_id: 's2', name: 'ID proof', emails: [contact.email] }]);
    const bad = await w.call('POST', `/resend-workflow/${packet.id}`, owner(), {
      step_ids: ['s2', 's5', 'zz'],
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['step_ids.1', 'step_ids.2']);
    expect(bad.json().errors.details[0].message).toContain('Salary slip');
  });

  it.each([
    ['an empty list', { step_ids: [] }, ['step_ids']],
    ['not a list', { step_ids: 's1' }, ['step_ids']],
    ['an empty id', { step_ids: [''] }, ['step_ids.0']],
    ['51 ids', { step_ids: Array.from({ length: 51 }, (_, i) => `s${i}`) }, ['step_ids']],
  ])('answers 422 for %s', async (_what, body, keys) => {
    const res = await w.call('POST', `/resend-workflow/${packet.id}`, owner(), body);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it("answers 404 for another company's or an unknown instance, 403 without workflows:send, 409 when not running", async () => {
    expect((await w.call('POST', `/resend-workflow/${packet.id}`, other.users.OWNER, {})).statusCode).toBe(
      404,
    );
    expect((await w.call('POST', '/resend-workflow/not-an-id', owner(), {})).statusCode).toBe(404);
    expect(
      (await w.call('POST', '/resend-workflow/00000000-0000-4000-8000-000000000000', owner(), {})).statusCode,
    ).toBe(404);
    expect((await w.call('POST', `/resend-workflow/${packet.id}`, acme.users.MEMBER, {})).statusCode).toBe(
      403,
    );
    const draft = await w.call('POST', `/create-workflow-data/${workflow._id}`, owner(), {
      contact_id: contact.contactId,
    });
    expect((await w.call('POST', `/resend-workflow/${draft.json().data._id}`, owner(), {})).statusCode).toBe(
      409,
    );
  });
});
