import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { caller, createDocument, mailsTo, saveLayout, signatureField, uniqueEmail } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Patch Realty' });
});
afterAll(async () => {
  await t.close();
});

describe('settings given in part', () => {
  it('change only the keys given: the others keep their saved values, not the defaults', async () => {
    const owner = acme.users.OWNER;
    const created = await createDocument(t, owner, acme.companyId, { isTemplate: true });
    const tpl = await saveLayout(t, owner, created, {
      fields: [signatureField('sig-a', 'a'), signatureField('sig-b', 'b', { page: 2 })],
      document_users: [
        { key: 'a', role_name: 'Buyer', user_type: 'SIGNER', signing_order: 1 },
        { key: 'b', role_name: 'Seller', user_type: 'SIGNER', signing_order: 2 },
      ],
      settings: { signing_order: true, reminder_every_days: 7 },
    });

    const put = await call('PUT', `/api/document-templates/${tpl._id}`, owner, {
      settings: { email_subject: 'Please sign' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = (await call('GET', `/api/configurable-documents/${tpl._id}`, owner)).json().data;
    expect(saved.settings).toMatchObject({
      email_subject: 'Please sign',
      signing_order: true,
      reminder_every_days: 7,
    });

    // Sending with one setting keeps the template's signing order: only the first signer is mailed.
    const [buyer, seller] = [uniqueEmail('buyer'), uniqueEmail('seller')];
    const sent = await call('POST', '/api/document-templates/documents/send-template', owner, {
      configurable_document_id: tpl._id,
      document_users: [
        { key: 'a', email: buyer, first_name: 'Asha', last_name: 'Rao' },
        { key: 'b', email: seller, first_name: 'Vikram', last_name: 'Shah' },
      ],
      settings: { email_message: 'Hello' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.settings.signing_order).toBe(true);
    expect(await mailsTo(t, buyer)).toHaveLength(1);
    expect(await mailsTo(t, seller)).toHaveLength(0);

    const unknown = await call('PUT', `/api/document-templates/${tpl._id}`, owner, { settings: { nope: 1 } });
    expect(unknown.statusCode).toBe(422);
  });
});
