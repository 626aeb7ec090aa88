import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowDownloadPath, type TWorkflow } from '@esigns/contracts/workflows';
import { putSigned } from '../../../test/inject-calls';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { contacts } from '../contacts/schema';
import { signAs } from '../document-actions/test-helpers';
import { documentLogs } from '../documents/schema';
import { createDocument, makePdf, saveLayout, signatureField, signer } from '../documents/test-helpers';
import { emailLogs } from '../../platform/mail/schema';
import { settleJobs } from '../notifications/test-helpers';
import { pdfsig, pdfText } from '../../platform/pdf/testing';
import { documentSeals } from '../signing/schema';
import { waitForSeal } from '../signing/test-helpers';
import { workflowData, workflowDataEvents, workflowDataSteps } from './schema';
import { seedContact, settleWorkflowJobs, workflowTestClient } from './workflows-test-utils';

/*
 * The packet ZIP (`GET /workflow-data/{id}/download`) through real calls: a packet sent, its lease
 * signed and sealed, its ID proof handed in, its form filled by the contact through the mailed link
 * (answers in Devanagari and Greek, a file); the ZIP opened with yauzl: the sealed PDF is the
 * completed download's bytes, the form PDF has the answers, packet.json says what is left out; a
 * seal not finished is left out; nothing DONE gives packet.json alone; access rules.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let w: ReturnType<typeof workflowTestClient>;
let workflow: TWorkflow;
let form: { id: string; stepId: string };
let pdf: Buffer;

const owner = () => acme.users.OWNER;

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

/** A GET as the company's OWNER, with the raw answer (headers, bytes). */
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: owner().headers });

async function download(id: string) {
  const res = await get(workflowDownloadPath(id));
  expect(res.statusCode, res.body).toBe(200);
  return { res, files: await unzip(res.rawPayload) };
}

async function stepsOf(id: string) {
  const rows = await t.platform.database.db
    .select()
    .from(workflowDataSteps)
    .where(eq(workflowDataSteps.workflowDataId, id));
  return Object.fromEntries(rows.map((r) => [r.stepId, r]));
}

const settle = () => settleWorkflowJobs(t);

async function startFor(contactId: string): Promise<string> {
  const draft = await w.call('POST', `/create-workflow-data/${workflow._id}`, owner(), {
    contact_id: contactId,
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const id = draft.json().data._id as string;
  const sent = await w.call('POST', '/documents/send-workflow', owner(), { workflow_data_id: id });
  expect(sent.statusCode, sent.body).toBe(200);
  await settle();
  return id;
}

/** Staff hand in the request's file through the upload routes (`request-documents:update`). */
async function handIn(requestId: string): Promise<void> {
  const address = await w.call('POST', `/documents/${requestId}/upload-url`, owner(), {
    file_name: 'pan card.pdf',
    content_type: 'application/pdf',
    size: pdf.length,
  });
  expect(address.statusCode, address.body).toBe(200);
  const { upload_url: url, file_ref_id: ref } = address.json().data;
  expect((await putSigned(t.app, url, pdf, 'application/pdf')).statusCode).toBe(200);
  const res = await w.call('POST', '/employee-documents', owner(), {
    request_id: requestId,
    file_ref_id: ref,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The contact fills the form through the link they were mailed: two answers and a file, then submits. */
async function fillForm(email: string): Promise<void> {
  const [mail] = await t.platform.database.db
    .select({ html: emailLogs.html })
    .from(emailLogs)
    .where(and(eq(emailLogs.kind, 'form.sent'), sql`${email} = any(${emailLogs.to})`));
  const match = /\/public\/fb\/[^/]+\/([0-9a-f-]{36})\/vp\/([0-9a-f-]{36})\?t=([^"&<\s]+)/.exec(mail!.html);
  const [, submissionId, guestId, secret] = match!;
  const guest = { userid: guestId!, passcode: decodeURIComponent(secret!), formbuilderid: form.id };
  const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: guest, payload });
  const ticket = await as('POST', '/api/formbuilder-data/file-upload-url', {
    formbuilder_details_id: form.id,
    formbuilder_data_id: submissionId,
    step_id: form.stepId,
    field: 'payslip',
    file_name: 'payslip.pdf',
    content_type: 'application/pdf',
    size: pdf.length,
  });
  expect(ticket.statusCode, ticket.body).toBe(200);
  expect((await putSigned(t.app, ticket.json().data.upload_url, pdf, 'application/pdf')).statusCode).toBe(
    200,
  );
  const saved = await as('POST', `/api/formbuilder-data/template/${submissionId}`, {
    step_id: form.stepId,
    values: { full_name: 'राहुल शर्मा', employer: 'Ωmega Λtd', payslip: [ticket.json().data.file] },
    complete: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await as('PUT', `/api/formbuilder-data/${submissionId}`, { status: 'SUBMITTED' });
  expect(submitted.statusCode, submitted.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  w = workflowTestClient(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  pdf = await makePdf(1);
  const doc = await createDocument(t, owner(), acme.companyId, { isTemplate: true, name: 'Lease' });
  await saveLayout(t, owner(), doc, {
    fields: [signatureField('sig', 'tenant')],
    document_users: [signer('tenant', 'placeholder@example.com')],
  });
  const template = await w.call('POST', '/template/create', owner(), {
    name: `Income ${randomUUID().slice(0, 6)}`,
    fields: [
      { key: 'full_name', label: 'Full name', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'employer', label: 'Employer', type: 'SINGLE_LINE_TEXT' },
      { key: 'payslip', label: 'Payslip', type: 'FILE', allowed_file_types: ['.pdf'], max_size_mb: 1 },
    ],
  });
  expect(template.statusCode, template.body).toBe(200);
  const stepId = randomUUID();
  const created = await w.call('POST', '/formBuilders', owner(), {
    name: 'Income check',
    owner_type: 'ANYONE',
    status: 'ACTIVE',
    steps: [
      { id: stepId, name: 'Income', type: 'TEMPLATE', template_id: template.json().data._id, required: true },
    ],
    settings: {},
  });
  expect(created.statusCode, created.body).toBe(201);
  form = { id: created.json().data._id, stepId };
  workflow = await w.createWorkflow(owner(), {
    name: 'Tenancy: "A/B" <packet>',
    steps: [
      { id: 's1', kind: 'custom', name: 'Lease', template_id: doc._id, stage: 1 },
      { id: 's2', kind: 'requested', name: 'ID proof', card_type: 'PAN card', stage: 1 },
      { id: 's3', kind: 'form', name: 'Income: check?', form_builder_id: form.id, stage: 1 },
      { id: 's4', kind: 'requested', name: 'Lease', card_type: 'Copy', stage: 2 },
    ],
  });
  const activated = await w.call('POST', `/workflow/${workflow._id}/status`, owner(), { status: 'ACTIVE' });
  expect(activated.statusCode, activated.body).toBe(200);
}, 300_000);
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

describe('the packet ZIP', () => {
  it('holds the sealed lease, the handed-in file, the form as a PDF with its file, and packet.json', async () => {
    const [contact] = await t.platform.database.db
      .insert(contacts)
      .values({
        companyId: acme.companyId,
        email: `zoe-${randomUUID().slice(0, 6)}@example.com`,
        firstName: 'Zoë',
        lastName: 'Ångström',
      })
      .returning({ id: contacts.id });

    const id = await startFor(contact!.id);
    const [instance] = await t.platform.database.db
      .select()
      .from(workflowData)
      .where(eq(workflowData.id, id));
    const steps = await stepsOf(id);
    const lease = steps.s1!.objectId!;
    await signAs(t, instance!.email!, lease, 'sig');
    await waitForSeal(t, lease);
    await handIn(steps.s2!.objectId!);
    await fillForm(instance!.email!);
    await settle();
    const done = await stepsOf(id);
    expect([done.s1!.status, done.s2!.status, done.s3!.status]).toEqual(['DONE', 'DONE', 'DONE']);

    const { res, files } = await download(id);
    expect(res.headers['content-type']).toBe('application/zip');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('Tenancy_ _A_B_ _packet_ - Zoë Ångström')}`,
    );
    expect([...files.keys()]).toEqual([
      'packet.json',
      '01 - Lease.pdf',
      '02 - ID proof.pdf',
      '03 - Income_ check_.pdf',
      '03 - Income_ check_ - payslip.pdf',
    ]);

    // The sealed PDF is the completed download's bytes, with its signature.
    const completed = await get(`/documents/${lease}/download-document`);
    expect(completed.statusCode).toBe(200);
    const sealed = files.get('01 - Lease.pdf')!;
    expect(sealed.equals(completed.rawPayload)).toBe(true);
    expect(sealed.includes('/ByteRange')).toBe(true);
    expect(pdfsig(sealed).output).toContain('Signature is Valid');
    expect(files.get('02 - ID proof.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get('03 - Income_ check_ - payslip.pdf')!.equals(pdf)).toBe(true);
    const formText = pdfText(files.get('03 - Income_ check_.pdf')!);
    expect(formText).toContain('Income check');
    expect(formText).toContain('Full name');
    expect(formText).toContain('Ωmega Λtd');
    expect(formText).toContain('payslip.pdf');

    const packet = JSON.parse(files.get('packet.json')!.toString('utf8'));
    expect(packet.instance).toMatchObject({ _id: id, status: 'IN_PROGRESS', workflow_name: workflow.name });
    expect(packet.downloaded_by).toMatchObject({ user_id: owner().userId, email: owner().email });
    expect(packet.steps.map((s: { files: string[] }) => s.files)).toEqual([
      ['01 - Lease.pdf'],
      ['02 - ID proof.pdf'],
      ['03 - Income_ check_.pdf', '03 - Income_ check_ - payslip.pdf'],
      [],
    ]);
    expect(packet.steps[3]).toMatchObject({ status: 'DUE', left_out: null });
    expect(packet.timeline.map((e: { event: string }) => e.event)).toContain('step_done');

    // Logged: the timeline says who, the sealed document's trail says it was downloaded.
    const events = await t.platform.database.db
      .select()
      .from(workflowDataEvents)
      .where(and(eq(workflowDataEvents.workflowDataId, id), eq(workflowDataEvents.event, 'downloaded')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: owner().userId, details: { files: 4, left_out: 0 } });
    const trail = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(and(eq(documentLogs.employeeDocumentId, lease), eq(documentLogs.action, 'document.downloaded')));
    expect(trail.some((row) => (row.details as { via?: string }).via === 'workflow-packet')).toBe(true);

    // A seal not finished: the step's file is left out and packet.json says why.
    await t.platform.database.db
      .update(documentSeals)
      .set({ status: 'SEALING' })
      .where(eq(documentSeals.employeeDocumentId, lease));
    const again = await download(id);
    expect(again.files.has('01 - Lease.pdf')).toBe(false);
    const step = JSON.parse(again.files.get('packet.json')!.toString('utf8')).steps[0];
    expect(step).toMatchObject({ status: 'DONE', files: [] });
    expect(step.left_out).toMatch(/not finished/);
    await t.platform.database.db
      .update(documentSeals)
      .set({ status: 'DONE' })
      .where(eq(documentSeals.employeeDocumentId, lease));
  }, 300_000);

  it('is packet.json alone when nothing is DONE', async () => {
    const id = await startFor(await seedContact(t, acme.companyId, 'Nadia'));
    const { files } = await download(id);
    expect([...files.keys()]).toEqual(['packet.json']);
    const packet = JSON.parse(files.get('packet.json')!.toString('utf8'));
    expect(packet.steps.map((s: { status: string }) => s.status)).toEqual(['DUE', 'DUE', 'DUE', 'WAITING']);
  }, 300_000);

  it("answers 404 for another company's or a malformed id, 403 without workflows:view", async () => {
    const id = await startFor(await seedContact(t, acme.companyId, 'Omar'));
    const theirs = await w.call('GET', workflowDownloadPath(id), other.users.OWNER);
    expect(theirs.statusCode).toBe(404);
    for (const bad of ['nope', randomUUID(), `${id}x`, '%00', 'a'.repeat(64)]) {
      const res = await w.call('GET', workflowDownloadPath(bad), owner());
      expect(res.statusCode, bad).toBe(404);
    }
    const member = await w.call('GET', workflowDownloadPath(id), acme.users.MEMBER);
    expect(member.statusCode).toBe(403);
    const none = await t.app.inject({ method: 'GET', url: `/api${workflowDownloadPath(id)}` });
    expect(none.statusCode).toBe(401);
    const events = await t.platform.database.db
      .select()
      .from(workflowDataEvents)
      .where(and(eq(workflowDataEvents.workflowDataId, id), eq(workflowDataEvents.event, 'downloaded')));
    expect(events).toHaveLength(0);
  }, 300_000);
});
