import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument, TEmployeeDocument, TFieldInput } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentFieldValues } from '../signing/schema';
import { recipientsOf } from './test-helpers';
import {
  caller,
  createDocument,
  keysOf,
  saveLayout,
  signatureField,
  signer,
  storePdf,
  uniqueEmail,
} from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let tpl: TConfigurableDocument;
let sent: TEmployeeDocument[];

const box = { page: 1, x: 50, width: 120, height: 20, recipient_key: 'buyer' } as const;
const field = (key: string, type: TFieldInput['type'], label: string, y: number): TFieldInput => ({
  ...box,
  key,
  type,
  label,
  y,
});

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Data' });
  other = await seedCompany(t, { name: 'Other Data' });
  tpl = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true, name: 'Cheque' });
  tpl = await saveLayout(t, acme.users.OWNER, tpl, {
    fields: [
      signatureField('sig', 'buyer'),
      field('payee', 'TEXT', 'Pay to', 40),
      field('amount', 'NUMBER', 'Amount', 70),
      field('words', 'TEXT', 'Amount in words', 100),
      field('when', 'DATE', 'Date', 130),
      field('name2', 'FULL_NAME', 'Signer name', 160),
    ],
    document_users: [{ key: 'buyer', role_name: 'Buyer', user_type: 'SIGNER', signing_order: 1 }],
  });
  sent = [];
  const sends = [
    { name: 'Cheque alpha', prefill: { payee: 'Asha', amount: '100' } },
    { name: 'Cheque omega', prefill: { payee: '=HYPERLINK("x")' } },
  ];
  for (const { name, prefill } of sends) {
    const res = await call('POST', '/api/document-templates/documents/send-template', acme.users.OWNER, {
      configurable_document_id: tpl._id,
      name,
      document_users: [{ key: 'buyer', email: uniqueEmail('buyer'), first_name: 'Bina', last_name: 'B' }],
      prefill,
    });
    expect(res.statusCode, res.body).toBe(200);
    sent.push(res.json().data);
  }
});
afterAll(async () => {
  await t.close();
});

describe('POST /documents/template-documents', () => {
  it('lists the documents sent from the template, like the document lists', async () => {
    await createDocument(t, acme.users.OWNER, acme.companyId); // a one-off: not listed
    const res = await call('POST', '/api/documents/template-documents', acme.users.OWNER, {
      template_id: tpl._id,
      limit: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, page: 1, total_pages: 2 });
    const waiting = await call('POST', '/api/documents/template-documents', acme.users.OWNER, {
      template_id: tpl._id,
      status: 'completed',
    });
    expect(waiting.json().data.total).toBe(0);
    const search = await call('POST', '/api/documents/template-documents', acme.users.OWNER, {
      template_id: tpl._id,
      search: 'cheque omega', // words only: a digit could start a word of a random email
    });
    expect(search.json().data.data.map((d: { _id: string }) => d._id)).toEqual([sent[1]!._id]);
  });

  it("answers 404 for another company's or an unknown template, 422 for a bad filter", async () => {
    const foreign = await call('POST', '/api/documents/template-documents', other.users.OWNER, {
      template_id: tpl._id,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await call('POST', '/api/documents/template-documents', acme.users.OWNER, {
      template_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('POST', '/api/documents/template-documents', acme.users.OWNER, {
      template_id: tpl._id,
      status: 'nope',
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['status']);
    const missing = await call('POST', '/api/documents/template-documents', acme.users.OWNER, {});
    expect(keysOf(missing)).toEqual(['template_id']);
  });
});

describe('GET /documents/template-documents-data/{id}', () => {
  it('answers a column per data field and a row per document: entered, else prefilled values', async () => {
    const [recipient] = await recipientsOf(t, sent[0]!._id);
    await t.platform.database.db.insert(documentFieldValues).values({
      companyId: acme.companyId,
      employeeDocumentId: sent[0]!._id,
      fieldKey: 'words',
      documentUserId: recipient!.id,
      value: 'One hundred',
    });
    const res = await call(
      'GET',
      `/api/documents/template-documents-data/${tpl._id}?sort=name`,
      acme.users.OWNER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns.map((c: { key: string }) => c.key)).toEqual([
      'payee',
      'amount',
      'words',
      'when',
      'name2',
    ]);
    expect(data.columns[0]).toMatchObject({ label: 'Pay to', role_name: 'Buyer', type: 'TEXT' });
    expect(data.data[0]).toMatchObject({
      document_id: sent[0]!._id,
      status: 'WAITING',
      values: { payee: 'Asha', amount: '100', words: 'One hundred', when: null },
    });
    expect(data.total).toBe(2);
  });

  it('exports CSV with formulas defused', async () => {
    const res = await call(
      'GET',
      `/api/documents/template-documents-data/${tpl._id}?format=csv&sort=name`,
      acme.users.OWNER,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Cheque data.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Document,Status,Sent at,Completed at,Recipients,Pay to,Amount,Amount in words,Date,Signer name',
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('answers 404 for another company and 422 for a bad format', async () => {
    const foreign = await call('GET', `/api/documents/template-documents-data/${tpl._id}`, other.users.OWNER);
    expect(foreign.statusCode).toBe(404);
    const bad = await call(
      'GET',
      `/api/documents/template-documents-data/${tpl._id}?format=xls`,
      acme.users.OWNER,
    );
    expect(keysOf(bad)).toEqual(['querystring.format']);
  });
});

describe('POST /send-data-to-template', () => {
  it('starts a DRAFT from the template with values by key and by label, people on roles', async () => {
    const email = uniqueEmail('payee');
    const res = await call('POST', '/api/send-data-to-template', acme.users.MEMBER, {
      template_id: tpl._id,
      name: 'Cheque for Ravi',
      data: { payee: 'Ravi', 'amount in WORDS': 'Two hundred', Amount: 200, Date: '2030-01-31' },
      document_users: [{ key: 'buyer', email, first_name: 'Ravi' }],
    });
    expect(res.statusCode, res.body).toBe(404); // a MEMBER does not see the owner's template
    const owner = await call('POST', '/api/send-data-to-template', acme.users.OWNER, {
      template_id: tpl._id,
      name: 'Cheque for Ravi',
      data: { payee: 'Ravi', 'amount in WORDS': 'Two hundred', Amount: 200, Date: '2030-01-31' },
      document_users: [{ key: 'buyer', email, first_name: 'Ravi' }],
    });
    expect(owner.statusCode, owner.body).toBe(200);
    const draft = owner.json().data as TConfigurableDocument;
    expect(draft).toMatchObject({ name: 'Cheque for Ravi', is_template: false });
    const values = Object.fromEntries(draft.fields.map((f) => [f.key, f.default_value]));
    expect(values).toMatchObject({ payee: 'Ravi', words: 'Two hundred', amount: '200', when: '2030-01-31' });
    expect(draft.document_users[0]).toMatchObject({ key: 'buyer', email, first_name: 'Ravi' });
  });

  it('answers 422 per data key (unknown, bad value, filled at signing), 404 for another company', async () => {
    const bad = await call('POST', '/api/send-data-to-template', acme.users.OWNER, {
      template_id: tpl._id,
      data: { nope: 'x', amount: 'ten', 'Signer name': 'X', when: '31/01/2030' },
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['data.nope', 'data.amount', 'data.Signer name', 'data.when']);
    const foreign = await call('POST', '/api/send-data-to-template', other.users.OWNER, {
      template_id: tpl._id,
      data: {},
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await call('POST', '/api/send-data-to-template', acme.users.OWNER, {
      template_id: tpl._id,
    });
    expect(keysOf(missing)).toEqual(['data']);
  });
});

describe('POST /getKeysForPrintChequeFields', () => {
  it('names the fields of each part of a cheque by their labels', async () => {
    const res = await call('POST', '/api/getKeysForPrintChequeFields', acme.users.OWNER, {
      configurable_document_id: tpl._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.cheque).toEqual({
      date: 'when',
      payee: 'payee',
      amount: 'amount',
      amount_in_words: 'words',
      memo: null,
    });
    expect(res.json().data.fields.map((f: { key: string }) => f.key)).not.toContain('sig');
  });

  it('answers 404 for another company and 422 without an id', async () => {
    const foreign = await call('POST', '/api/getKeysForPrintChequeFields', other.users.OWNER, {
      configurable_document_id: tpl._id,
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await call('POST', '/api/getKeysForPrintChequeFields', acme.users.OWNER, {});
    expect(keysOf(missing)).toEqual(['configurable_document_id']);
  });
});

describe('POST /documents/update-uploaded-data', () => {
  it('replaces the files, keeps the fields that still fit and names the others', async () => {
    const doc = await createDocument(t, acme.users.MEMBER, acme.companyId, { pages: 2 });
    await saveLayout(t, acme.users.MEMBER, doc, {
      fields: [signatureField('p1', 'r1'), signatureField('p2', 'r1', { page: 2 })],
      document_users: [signer('r1', uniqueEmail())],
    });
    const one = await storePdf(t, acme.companyId, 1);
    const res = await call('POST', '/api/documents/update-uploaded-data', acme.users.MEMBER, {
      configurable_document_id: doc._id,
      file_ref_ids: [one],
      name: 'Replaced',
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().data;
    expect(out.removed_field_keys).toEqual(['p2']);
    expect(out.all_document_fields_removed).toBe(false);
    expect(out.document.name).toBe('Replaced');
    expect(out.document.pages).toHaveLength(1);
    expect(out.document.fields.map((f: { key: string }) => f.key)).toEqual(['p1']);

    const two = [await storePdf(t, acme.companyId, 1), await storePdf(t, acme.companyId, 2)];
    const merged = await call('POST', '/api/documents/update-uploaded-data', acme.users.MEMBER, {
      configurable_document_id: doc._id,
      file_ref_ids: two,
    });
    expect(merged.json().data.document.pages).toHaveLength(3);
  });

  it("answers 404 for another company's file or document, 422 without files, 409 once sent", async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    const foreignRef = await storePdf(t, other.companyId, 1);
    const foreignFile = await call('POST', '/api/documents/update-uploaded-data', acme.users.OWNER, {
      configurable_document_id: doc._id,
      file_ref_ids: [foreignRef],
    });
    expect(foreignFile.statusCode).toBe(404);
    const foreignDoc = await call('POST', '/api/documents/update-uploaded-data', other.users.OWNER, {
      configurable_document_id: doc._id,
      file_ref_ids: [foreignRef],
    });
    expect(foreignDoc.statusCode).toBe(404);
    const none = await call('POST', '/api/documents/update-uploaded-data', acme.users.OWNER, {
      configurable_document_id: doc._id,
      file_ref_ids: [],
    });
    expect(keysOf(none)).toEqual(['file_ref_ids']);
    await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('s', 'r1')],
      document_users: [signer('r1', uniqueEmail())],
    });
    const send = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    expect(send.statusCode, send.body).toBe(200);
    const late = await call('POST', '/api/documents/update-uploaded-data', acme.users.OWNER, {
      configurable_document_id: doc._id,
      file_ref_ids: [await storePdf(t, acme.companyId, 1)],
    });
    expect(late.statusCode).toBe(409);
  });
});
