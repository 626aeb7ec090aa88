import { randomUUID } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRemoveFieldsResult } from '@esigns/contracts/remove-fields';
import { putSigned } from '../../../test/inject-calls';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { pdfText } from '../../platform/pdf/testing';
import { setPermission } from '../document-lists/test-seed';
import {
  caller,
  createDocument,
  keysOf,
  saveLayout,
  signatureField,
  signer,
  uniqueEmail,
} from './test-helpers';

/*
 * `POST /documents/files/remove-fields` with a real PDF that has its own form fields (a text field
 * and a checkbox, made with pdf-lib): uploaded through the upload flow, flattened (the text stays
 * drawn) or removed (it goes), no `/AcroForm` and no widget left; a draft layout gets the new
 * file; a sent one-off is 409; another company's references 404; not a PDF, damaged: 422.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let withFields: Buffer;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAJJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF with a filled text field ("Hello Flatten") and a ticked checkbox. */
async function pdfWithFields(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Tenancy form', { x: 50, y: 740, size: 14 });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const name = form.createTextField('tenant.name');
  name.setText('Hello Flatten');
  name.addToPage(page, { x: 50, y: 600, width: 250, height: 24 });
  const agree = form.createCheckBox('tenant.agree');
  agree.addToPage(page, { x: 50, y: 550, width: 16, height: 16 });
  agree.check();
  form.updateFieldAppearances(font);
  return Buffer.from(await doc.save());
}

/** Widgets on every page and whether the catalog still has `/AcroForm`. */
async function formLeft(bytes: Buffer): Promise<{ acroForm: boolean; widgets: number; pages: number }> {
  const doc = await PDFDocument.load(bytes);
  let widgets = 0;
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let i = 0; annots && i < annots.size(); i++) {
      const annot = annots.lookup(i);
      if (annot instanceof PDFDict && annot.get(PDFName.of('Subtype'))?.toString() === '/Widget') widgets++;
    }
  }
  return { acroForm: doc.catalog.has(PDFName.of('AcroForm')), widgets, pages: doc.getPageCount() };
}

/** The upload flow: a presigned PUT, then the converted PDF's reference. */
async function upload(who: SeededUser, bytes: Buffer): Promise<string> {
  const ticket = await call('POST', '/api/document-templates/file-upload', who, {
    file_name: 'tenancy form.pdf',
    content_type: 'application/pdf',
    size: bytes.length,
  });
  expect(ticket.statusCode, ticket.body).toBe(200);
  expect((await putSigned(t.app, ticket.json().data.upload_url, bytes, 'application/pdf')).statusCode).toBe(
    200,
  );
  const status = await call('POST', '/api/document-templates/file-upload/status', who, {
    file_ref_id: ticket.json().data.file_ref_id,
  });
  expect(status.statusCode, status.body).toBe(200);
  return status.json().data.fileInfos[0].file_ref_id;
}

async function removeFields(who: SeededUser, body: object) {
  return call('POST', '/api/documents/files/remove-fields', who, body);
}

async function stripped(
  who: SeededUser,
  body: object,
): Promise<{ result: TRemoveFieldsResult; bytes: Buffer }> {
  const res = await removeFields(who, body);
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().data as TRemoveFieldsResult;
  return { result, bytes: await t.platform.storage.get(result.file.file_ref_id) };
}

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Forms' });
  other = await seedCompany(t, { name: 'Other Forms' });
  withFields = await pdfWithFields();
});
afterAll(async () => {
  await t.close();
});

describe('POST /documents/files/remove-fields', () => {
  it('flattens: no field left, the value still drawn on the page, a new file', async () => {
    const ref = await upload(acme.users.MEMBER, withFields);
    expect(await formLeft(await t.platform.storage.get(ref))).toEqual({
      acroForm: true,
      widgets: 2,
      pages: 1,
    });

    const { result, bytes } = await stripped(acme.users.MEMBER, { file_ref_id: ref, mode: 'flatten' });
    expect(result).toMatchObject({
      mode: 'flatten',
      fields_removed: 2,
      widgets_removed: 2,
      page_count: 1,
      document: null,
    });
    expect(result.file.file_ref_id).not.toBe(ref);
    expect(result.file.file_ref_id.startsWith(`companies/${acme.companyId}/documents/`)).toBe(true);
    expect(result.file.url).toBeTruthy();
    expect(await formLeft(bytes)).toEqual({ acroForm: false, widgets: 0, pages: 1 });
    const text = pdfText(bytes);
    expect(text).toContain('Hello Flatten');
    expect(text).toContain('Tenancy form');
    // The source file is immutable: still with its fields.
    expect((await formLeft(await t.platform.storage.get(ref))).acroForm).toBe(true);
  });

  it('removes: no field left and its value is gone; flatten is the default mode', async () => {
    const ref = await upload(acme.users.OWNER, withFields);
    const removed = await stripped(acme.users.OWNER, { file_ref_id: ref, mode: 'remove' });
    expect(removed.result).toMatchObject({ mode: 'remove', fields_removed: 2, widgets_removed: 2 });
    expect(await formLeft(removed.bytes)).toEqual({ acroForm: false, widgets: 0, pages: 1 });
    expect(pdfText(removed.bytes)).not.toContain('Hello Flatten');
    expect(pdfText(removed.bytes)).toContain('Tenancy form');
    const byDefault = await stripped(acme.users.OWNER, { file_ref_id: ref });
    expect(byDefault.result.mode).toBe('flatten');
    expect(pdfText(byDefault.bytes)).toContain('Hello Flatten');
  });

  it("replaces a draft layout's file (fields kept), never a sent one-off's (409)", async () => {
    const ref = await upload(acme.users.OWNER, withFields);
    const created = await call('POST', '/api/document-templates', acme.users.OWNER, {
      name: 'Form with fields',
      file_ref_ids: [ref],
      is_template: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = await saveLayout(t, acme.users.OWNER, created.json().data, {
      fields: [signatureField('sig', 'r1')],
      document_users: [signer('r1', uniqueEmail('tenant'))],
    });
    const { result, bytes } = await stripped(acme.users.OWNER, { configurable_document_id: draft._id });
    expect(result.document?.file.file_ref_id).toBe(result.file.file_ref_id);
    expect(result.document?.fields.map((f) => f.key)).toEqual(['sig']);
    expect((await formLeft(bytes)).widgets).toBe(0);

    const sent = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: draft._id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const again = await removeFields(acme.users.OWNER, { configurable_document_id: draft._id });
    expect(again.statusCode, again.body).toBe(409);
    expect(sent.json().data.file.file_ref_id).not.toBe(result.file.file_ref_id);
  });

  it("answers 404 for another company's file or layout and unknown references", async () => {
    const ref = await upload(acme.users.OWNER, withFields);
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    const cases: object[] = [{ file_ref_id: ref }, { configurable_document_id: doc._id }];
    for (const body of cases) {
      const res = await removeFields(other.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    const unknown = [
      `companies/${acme.companyId}/documents/${randomUUID()}.pdf`,
      `companies/${acme.companyId}/documents/../documents/x.pdf`,
      `companies/${acme.companyId}/files/${randomUUID()}.pdf`,
      `companies/${acme.companyId}/uploads/${randomUUID()}`,
      '/etc/passwd',
    ];
    for (const fileRef of unknown) {
      const res = await removeFields(acme.users.OWNER, { file_ref_id: fileRef });
      expect(res.statusCode, fileRef).toBe(404);
    }
    const layout = await removeFields(acme.users.OWNER, { configurable_document_id: randomUUID() });
    expect(layout.statusCode).toBe(404);
  });

  it('refuses a file that is not a PDF, a damaged PDF, and malformed bodies (422, never 500)', async () => {
    const png = await call('POST', '/api/upload/base64SingleFileUpload', acme.users.OWNER, {
      file: PNG.toString('base64'),
      file_name: 'photo.png',
      content_type: 'image/png',
    });
    expect(png.statusCode, png.body).toBe(200);
    const notPdf = await removeFields(acme.users.OWNER, { file_ref_id: png.json().data.file_ref_id });
    expect(notPdf.statusCode, notPdf.body).toBe(422);
    expect(keysOf(notPdf)).toEqual(['file_ref_id']);

    const damaged: Buffer[] = [
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
      withFields.subarray(0, 400),
      Buffer.from('%PDF-1.4\n%\u00ff\u00ff\ntrailer << /Root 9 0 R >>\n%%EOF'),
    ];
    for (const bytes of damaged) {
      const key = `companies/${acme.companyId}/documents/${randomUUID()}.pdf`;
      await t.platform.storage.put(key, bytes, 'application/pdf');
      const res = await removeFields(acme.users.OWNER, { file_ref_id: key });
      expect(res.statusCode, res.body).toBe(422);
      expect(keysOf(res)).toEqual(['file_ref_id']);
    }

    const ref = await upload(acme.users.OWNER, withFields);
    const bad: [object, string][] = [
      [{}, 'file_ref_id'],
      [{ file_ref_id: ref, configurable_document_id: randomUUID() }, 'file_ref_id'],
      [{ file_ref_id: ref, mode: 'burn' }, 'mode'],
      [{ file_ref_id: '' }, 'file_ref_id'],
      [{ file_ref_id: 'x'.repeat(600) }, 'file_ref_id'],
      [{ file_ref_id: 42 }, 'file_ref_id'],
      [{ configurable_document_id: 'x'.repeat(200) }, 'configurable_document_id'],
    ];
    for (const [body, key] of bad) {
      const res = await removeFields(acme.users.OWNER, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(422);
      expect(keysOf(res)).toContain(key);
    }
  });

  it('answers 403 to a member who may create neither documents nor templates', async () => {
    const company = await seedCompany(t, { name: 'Read Only Forms' });
    const ref = await upload(company.users.OWNER, withFields);
    await setPermission(t, company.companyId, 'MEMBER', 'documents:create', false);
    const res = await removeFields(company.users.MEMBER, { file_ref_id: ref });
    expect(res.statusCode, res.body).toBe(403);
  });
});
