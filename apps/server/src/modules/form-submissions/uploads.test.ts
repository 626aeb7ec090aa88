import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import type { TFormUploadTicket } from '@esigns/contracts/form-uploads';
import { callsOf, detailKeys, putSigned, type Who } from '../../../test/inject-calls';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { eq } from 'drizzle-orm';
import { entities } from '../entities/schema';
import { entityData } from '../entity-data/schema';
import { createGuestSession } from '../form-builders';
import { seedContactCaller } from '../../../test/contact-caller';
import { seedContactType } from './send-test-utils';

/* Files of FILE and IMAGE fields of form submissions: upload address, PUT, save, download. */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let form: { id: string; steps: { files: string; terms: string; lead: string } };
let otherForm: string;

const call = callsOf(() => t.app);
const keysOf = detailKeys;
/** The path and query of a signed storage link, for inject. */
const local = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function createTemplate(company: SeededCompany, name: string, fields: unknown[]): Promise<string> {
  const res = await call('POST', '/api/template/create', company.users.ADMIN, { name, fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

async function createForm(
  company: SeededCompany,
  templateId: string,
  entityId: string,
  access: { owner_type: 'ANYONE' | 'CONTACTS'; settings: object } = { owner_type: 'ANYONE', settings: {} },
) {
  const steps = { files: randomUUID(), terms: randomUUID(), lead: randomUUID() };
  const stored: TStoredFormStep[] = [
    {
      id: steps.files,
      name: 'Papers',
      type: 'TEMPLATE',
      template_id: templateId,
      required: true,
      condition: null,
    },
    {
      id: steps.terms,
      name: 'Terms',
      type: 'STATIC',
      content: 'Read me',
      require_accept: true,
      required: true,
      condition: null,
    },
    {
      id: steps.lead,
      name: 'Lead',
      type: 'ENTITY',
      entity_id: entityId,
      update_existing: false,
      required: false,
      condition: null,
    },
  ];
  const res = await call('POST', '/api/formBuilders', company.users.ADMIN, {
    name: `Papers ${randomUUID().slice(0, 6)}`,
    owner_type: access.owner_type,
    status: 'ACTIVE',
    steps: stored,
    settings: access.settings,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data._id as string, steps };
}

async function entityOf(company: SeededCompany, templateId: string): Promise<string> {
  const [row] = await t.platform.database.db
    .insert(entities)
    .values({
      companyId: company.companyId,
      name: `Leads ${randomUUID().slice(0, 6)}`,
      slug: `leads-${randomUUID().slice(0, 6)}`,
      entityType: 'GENERAL',
      templates: [{ template_id: templateId, is_primary: true, hidden_on_add: false }],
      primaryTemplateId: templateId,
    })
    .returning({ id: entities.id });
  return row!.id;
}

async function guestOf(formId: string, company: SeededCompany, email: string): Promise<Who> {
  const session = await createGuestSession(t.platform.database.db, {
    companyId: company.companyId,
    formBuilderId: formId,
    email,
    kind: 'GUEST',
    ttlDays: 1,
  });
  return { headers: { userid: session.guestId, passcode: session.secret, formbuilderid: formId } };
}

const pdfFile = { file_name: 'passport.pdf', content_type: 'application/pdf', size: PDF.length };

type SeededUploadForm = typeof form;

async function ticketFor(who: Who, body: Record<string, unknown>, target = form): Promise<TFormUploadTicket> {
  const res = await call('POST', '/api/formbuilder-data/file-upload-url', who, {
    formbuilder_details_id: target.id,
    step_id: target.steps.files,
    field: 'passport',
    ...pdfFile,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TFormUploadTicket;
}

async function uploadAndStart(
  who: Who,
  target: SeededUploadForm = form,
): Promise<{ id: string; ticket: TFormUploadTicket }> {
  const ticket = await ticketFor(who, {}, target);
  const stored = await putSigned(t.app, ticket.upload_url, PDF, 'application/pdf');
  expect(stored.statusCode, stored.body).toBe(200);
  const start = await call('POST', '/api/formbuilder-data/template', who, {
    formbuilder_details_id: target.id,
    step_id: target.steps.files,
    values: { name: 'Asha', passport: [ticket.file] },
  });
  expect(start.statusCode, start.body).toBe(200);
  return { id: start.json().data._id as string, ticket };
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Papers' });
  other = await seedCompany(t, { name: 'Other Papers' });
  const fields = [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'passport', label: 'Passport', type: 'FILE', allowed_file_types: ['.pdf'], max_size_mb: 1 },
    { key: 'photo', label: 'Photo', type: 'IMAGE', max_size_mb: 1 },
  ];
  const template = await createTemplate(acme, 'Papers', fields);
  form = await createForm(acme, template, await entityOf(acme, template));
  const otherTemplate = await createTemplate(other, 'Papers', fields);
  otherForm = (await createForm(other, otherTemplate, await entityOf(other, otherTemplate))).id;
});
afterAll(async () => {
  await t.close();
});

describe('form uploads', () => {
  it('a guest uploads a file, saves the step with it, and staff download it', async () => {
    const guest = await guestOf(form.id, acme, 'asha@outside.example');
    const { id, ticket } = await uploadAndStart(guest);
    expect(ticket.key.startsWith(`companies/${acme.companyId}/form-submissions/new/${form.id}/`)).toBe(true);
    expect(ticket.file).toEqual({
      file_ref_id: ticket.key,
      name: 'passport.pdf',
      size: PDF.length,
      mime_type: 'application/pdf',
    });

    // Once the submission exists, uploads go to its folder, and saving one in a later save works.
    const image = await ticketFor(guest, {
      formbuilder_data_id: id,
      field: 'photo',
      file_name: 'me.png',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(
      image.key.startsWith(`companies/${acme.companyId}/form-submissions/${id}/${form.steps.files}/photo/`),
    ).toBe(true);
    const put = await putSigned(t.app, image.upload_url, PNG, 'image/png');
    expect(put.statusCode, put.body).toBe(200);
    const saved = await call('POST', `/api/formbuilder-data/template/${id}`, guest, {
      step_id: form.steps.files,
      values: { photo: [image.file] },
      complete: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const download = await call('POST', '/api/formbuilder-data/file-download-url', acme.users.ADMIN, {
      formbuilder_data_id: id,
      key: ticket.key,
    });
    expect(download.statusCode, download.body).toBe(200);
    const bytes = await call('GET', local(download.json().data.download_url as string));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(PDF)).toBe(true);
    // The guest reads their own files too; a key the values do not hold is 404.
    const own = await call('POST', '/api/formbuilder-data/file-download-url', guest, {
      formbuilder_data_id: id,
      key: image.key,
    });
    expect(own.statusCode, own.body).toBe(200);
    const unknown = await call('POST', '/api/formbuilder-data/file-download-url', acme.users.ADMIN, {
      formbuilder_data_id: id,
      key: `companies/${acme.companyId}/form-submissions/${id}/${form.steps.files}/photo/${randomUUID()}/x.png`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a signed-in contact uploads a file to a form of their type and reads it back; another contact's: 404", async () => {
    const typeId = await seedContactType(t, acme, `Tenants ${randomUUID().slice(0, 4)}`);
    const contact = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId });
    const stranger = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId });
    const template = await createTemplate(acme, `Tenant papers ${randomUUID().slice(0, 4)}`, [
      { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'passport', label: 'Passport', type: 'FILE', allowed_file_types: ['.pdf'], max_size_mb: 1 },
    ]);
    const ofTenants = await createForm(acme, template, await entityOf(acme, template), {
      owner_type: 'CONTACTS',
      settings: { contact_type_id: typeId },
    });
    const { id, ticket } = await uploadAndStart(contact, ofTenants);
    const own = await call('POST', '/api/formbuilder-data/file-download-url', contact, {
      formbuilder_data_id: id,
      key: ticket.key,
    });
    expect(own.statusCode, own.body).toBe(200);
    const bytes = await call('GET', local(own.json().data.download_url as string));
    expect(bytes.rawPayload.equals(PDF)).toBe(true);
    const theirs = await call('POST', '/api/formbuilder-data/file-download-url', stranger, {
      formbuilder_data_id: id,
      key: ticket.key,
    });
    expect(theirs.statusCode).toBe(404);
    // A file the stranger uploaded cannot be saved into the contact's submission.
    const other = await uploadAndStart(stranger, ofTenants);
    const borrowed = await call('POST', `/api/formbuilder-data/template/${id}`, contact, {
      step_id: ofTenants.steps.files,
      values: { passport: [other.ticket.file] },
    });
    expect(borrowed.statusCode).toBe(422);
  });

  it('refuses bad input with 422 keyed to the field', async () => {
    const guest = await guestOf(form.id, acme, 'bad@outside.example');
    const cases: [Record<string, unknown>, string][] = [
      [{ field: 'nope' }, 'field'],
      [{ field: 'name' }, 'field'],
      [{ content_type: 'image/png', file_name: 'passport.png' }, 'content_type'],
      [{ field: 'photo', content_type: 'application/pdf' }, 'content_type'],
      [{ content_type: 'text/html', file_name: 'x.html' }, 'content_type'],
      [{ size: 2 * 1024 * 1024 }, 'size'],
      [{ size: 0 }, 'size'],
      [{ step_id: form.steps.terms }, 'step_id'],
      [{ step_id: randomUUID() }, 'step_id'],
      [{ step_id: 'not-an-id' }, 'step_id'],
      [{ file_name: '' }, 'file_name'],
      [{ formbuilder_details_id: 'x' }, 'formbuilder_details_id'],
    ];
    for (const [change, key] of cases) {
      const res = await call('POST', '/api/formbuilder-data/file-upload-url', guest, {
        formbuilder_details_id: form.id,
        step_id: form.steps.files,
        field: 'passport',
        ...pdfFile,
        ...change,
      });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(422);
      expect(keysOf(res), JSON.stringify(change)).toEqual([key]);
    }
    const entityStep = await call('POST', '/api/formbuilder-data/file-upload-url', guest, {
      formbuilder_details_id: form.id,
      step_id: form.steps.lead,
      field: 'passport',
      ...pdfFile,
    });
    expect(entityStep.statusCode, entityStep.body).toBe(200);
    const downloads: [unknown, string][] = [
      [{ key: 'x' }, 'formbuilder_data_id'],
      [{ formbuilder_data_id: 'nope', key: 'x' }, 'formbuilder_data_id'],
      [{ formbuilder_data_id: randomUUID() }, 'key'],
      [{ formbuilder_data_id: randomUUID(), key: 'x'.repeat(600) }, 'key'],
    ];
    for (const [body, key] of downloads) {
      const res = await call('POST', '/api/formbuilder-data/file-download-url', guest, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
      expect(keysOf(res)).toEqual([key]);
    }
    const unknownSubmission = await call('POST', '/api/formbuilder-data/file-download-url', guest, {
      formbuilder_data_id: randomUUID(),
      key: 'x',
    });
    expect(unknownSubmission.statusCode).toBe(404);
    const noSession = await call('POST', '/api/formbuilder-data/file-upload-url', undefined, {
      formbuilder_details_id: form.id,
      step_id: form.steps.files,
      field: 'passport',
      ...pdfFile,
    });
    expect(noSession.statusCode).toBe(401);
  });

  it("answers 404 for another guest's submission and another company's form", async () => {
    const first = await guestOf(form.id, acme, 'first@outside.example');
    const second = await guestOf(form.id, acme, 'second@outside.example');
    const { id, ticket } = await uploadAndStart(first);
    const body = {
      formbuilder_details_id: form.id,
      formbuilder_data_id: id,
      step_id: form.steps.files,
      field: 'passport',
      ...pdfFile,
    };
    expect((await call('POST', '/api/formbuilder-data/file-upload-url', second, body)).statusCode).toBe(404);
    const read = await call('POST', '/api/formbuilder-data/file-download-url', second, {
      formbuilder_data_id: id,
      key: ticket.key,
    });
    expect(read.statusCode).toBe(404);
    const foreign = await call('POST', '/api/formbuilder-data/file-upload-url', other.users.ADMIN, body);
    expect(foreign.statusCode).toBe(404);
    const foreignForm = await call('POST', '/api/formbuilder-data/file-upload-url', acme.users.ADMIN, {
      ...body,
      formbuilder_data_id: undefined,
      formbuilder_details_id: otherForm,
    });
    expect(foreignForm.statusCode).toBe(404);
    const foreignRead = await call('POST', '/api/formbuilder-data/file-download-url', other.users.ADMIN, {
      formbuilder_data_id: id,
      key: ticket.key,
    });
    expect(foreignRead.statusCode).toBe(404);
  });

  it('refuses, on save, a key of another submission, another field or another company (422)', async () => {
    const first = await guestOf(form.id, acme, 'one@outside.example');
    const second = await guestOf(form.id, acme, 'two@outside.example');
    const { id: firstId, ticket } = await uploadAndStart(first);
    const theirs = await ticketFor(first, { formbuilder_data_id: firstId });
    const mine = await uploadAndStart(second);
    const photo = await ticketFor(second, { formbuilder_data_id: mine.id });
    const save = (values: Record<string, unknown>) =>
      call('POST', `/api/formbuilder-data/template/${mine.id}`, second, {
        step_id: form.steps.files,
        values,
      });
    const stolen = await save({ passport: [ticket.file] });
    expect(stolen.statusCode, stolen.body).toBe(422);
    expect(keysOf(stolen)).toEqual(['values.passport.0']);
    const otherFolder = await save({ passport: [theirs.file] });
    expect(otherFolder.statusCode, otherFolder.body).toBe(422);
    expect(keysOf(otherFolder)).toEqual(['values.passport.0']);
    const elsewhere = await save({ photo: [{ ...photo.file, mime_type: 'image/png', name: 'me.png' }] });
    expect(elsewhere.statusCode, elsewhere.body).toBe(422);
    expect(keysOf(elsewhere)).toEqual(['values.photo.0']);
    const foreign = await save({
      passport: [{ ...ticket.file, file_ref_id: ticket.key.replace(acme.companyId, other.companyId) }],
    });
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(keysOf(foreign)).toEqual(['values.passport.0']);
    expect((await save({ passport: [photo.file] })).statusCode).toBe(200);
  });

  it("completes an ENTITY step with an uploaded file: the record keeps the form's upload", async () => {
    const guest = await guestOf(form.id, acme, 'lead@outside.example');
    const { id, ticket: papers } = await uploadAndStart(guest);
    const ticket = await ticketFor(guest, { formbuilder_data_id: id, step_id: form.steps.lead });
    expect((await putSigned(t.app, ticket.upload_url, PDF, 'application/pdf')).statusCode).toBe(200);
    const complete = (values: Record<string, unknown>) =>
      call('POST', `/api/formbuilder-data/entity/${id}`, guest, {
        step_id: form.steps.lead,
        values,
        complete: true,
      });
    // The TEMPLATE step's file, or another company's key, is still refused (422 on the field).
    const otherStep = await complete({ name: 'Asha', passport: [papers.file] });
    expect(otherStep.statusCode, otherStep.body).toBe(422);
    expect(keysOf(otherStep)).toEqual(['values.passport.0']);
    const foreign = await complete({
      name: 'Asha',
      passport: [{ ...ticket.file, file_ref_id: ticket.key.replace(acme.companyId, other.companyId) }],
    });
    expect(foreign.statusCode, foreign.body).toBe(422);
    const done = await complete({ name: 'Asha', passport: [ticket.file] });
    expect(done.statusCode, done.body).toBe(200);
    const step = done.json().data.steps.find((s: { step_id: string }) => s.step_id === form.steps.lead);
    expect(step.status).toBe('COMPLETED');
    const [record] = await t.platform.database.db
      .select({ values: entityData.values })
      .from(entityData)
      .where(eq(entityData.id, step.entity_data_id));
    const stored = Object.values(record!.values)[0] as Record<string, unknown>;
    expect(stored.passport).toEqual([ticket.file]);
    // Completing it again updates the same record with the same file.
    const again = await complete({ name: 'Asha Rao', passport: [ticket.file] });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again.json().data.steps.find((s: { step_id: string }) => s.step_id === form.steps.lead).entity_data_id,
    ).toBe(step.entity_data_id);
  });
});
